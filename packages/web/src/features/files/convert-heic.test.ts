import { HEIC_JPEG_QUALITY } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { convertHeicToJpeg, HeicConversionError, type HeicDecoder } from './convert-heic';
import { hasHeifSignature, largestDeclaredPixels } from './heic-header';
import { heicWithDeclaredSize, readHeicFixture } from '../../../../../tests/e2e/support/heic-fixture';

/** A real 64×40 HEVC-coded HEIC made by libheif's heif-enc (tests/fixtures/README.md). */
const FIXTURE = await readHeicFixture();
const heicFile = (bytes: Uint8Array<ArrayBuffer>, name = 'IMG_0001.HEIC') =>
  new File([bytes], name, { type: 'image/heic' });

/** A decoder that records what it was asked and answers with a tiny JPEG-typed blob. */
function recordingDecoder() {
  const calls: { size: number; quality: number }[] = [];
  const decode: HeicDecoder = async (blob, quality) => {
    calls.push({ size: blob.size, quality });
    return new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' });
  };
  return { calls, decode };
}

describe('HEIC header', () => {
  it('recognises a real HEIC by its ftyp brands and reads its declared size', () => {
    expect(hasHeifSignature(FIXTURE)).toBe(true);
    // heif-enc stores the picture as a 64×64 tile cropped to 64×40: the tile is the largest.
    expect(largestDeclaredPixels(FIXTURE)).toBe(64 * 64);
  });

  it('refuses text, a PNG, an empty file and a header cut inside its first box', () => {
    expect(hasHeifSignature(new TextEncoder().encode('just some text, named photo.heic'))).toBe(false);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(hasHeifSignature(png)).toBe(false);
    expect(hasHeifSignature(new Uint8Array())).toBe(false);
    expect(hasHeifSignature(FIXTURE.subarray(0, 10))).toBe(false);
    // An MP4 also starts with ftyp, but with video brands only.
    const mp4 = new Uint8Array([0, 0, 0, 16, ...new TextEncoder().encode('ftypisom'), 0, 0, 2, 0]);
    expect(hasHeifSignature(mp4)).toBe(false);
  });

  it('reads a size declared past any sane limit, and none from a header cut before it', () => {
    expect(largestDeclaredPixels(heicWithDeclaredSize(FIXTURE, 60_000, 60_000))).toBe(3_600_000_000);
    expect(largestDeclaredPixels(FIXTURE.subarray(0, 40))).toBeUndefined();
    // Box sizes that lie (zero-length, past the end) end the walk instead of looping.
    const liar = new Uint8Array(FIXTURE);
    new DataView(liar.buffer).setUint32(0x1c, 4);
    expect(largestDeclaredPixels(liar)).toBeUndefined();
  });
});

describe('convertHeicToJpeg', () => {
  it('hands a real HEIC to the decoder at HEIC_JPEG_QUALITY and names the result .jpg', async () => {
    const { calls, decode } = recordingDecoder();
    const jpeg = await convertHeicToJpeg(heicFile(FIXTURE, 'IMG_0001.HEIC'), decode);
    expect(calls).toEqual([{ size: FIXTURE.length, quality: HEIC_JPEG_QUALITY }]);
    expect(HEIC_JPEG_QUALITY).toBe(0.9);
    expect(jpeg.name).toBe('IMG_0001.jpg');
    expect(jpeg.type).toBe('image/jpeg');
    expect(jpeg.size).toBe(4);
  });

  it('refuses a text file named .heic and a bomb before the decoder is loaded', async () => {
    const { calls, decode } = recordingDecoder();
    const text = heicFile(new TextEncoder().encode('not a picture at all'), 'fake.heic');
    await expect(convertHeicToJpeg(text, decode)).rejects.toMatchObject({ reason: 'not_heic' });
    const bomb = heicFile(heicWithDeclaredSize(FIXTURE, 60_000, 60_000), 'bomb.heic');
    await expect(convertHeicToJpeg(bomb, decode)).rejects.toMatchObject({ reason: 'too_large' });
    expect(calls).toEqual([]);
  });

  it('turns a decoder failure or an empty answer into one conversion error', async () => {
    const failing: HeicDecoder = () => Promise.reject(new Error('HEIF processing error'));
    const truncated = heicFile(FIXTURE.subarray(0, FIXTURE.length - 100), 'cut.heic');
    const err = await convertHeicToJpeg(truncated, failing).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HeicConversionError);
    expect((err as HeicConversionError).reason).toBe('decode_failed');
    const empty: HeicDecoder = async () => new Blob([], { type: 'image/jpeg' });
    await expect(convertHeicToJpeg(heicFile(FIXTURE), empty)).rejects.toMatchObject({
      reason: 'decode_failed',
    });
  });
});
