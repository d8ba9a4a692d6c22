import { HEIC_JPEG_QUALITY, MAX_IMAGE_PIXELS } from '@parley/schema';
import { hasHeifSignature, largestDeclaredPixels } from './heic-header';

/** How much of the file is read for its header (the `meta` box sits near the start). */
const HEADER_BYTES = 256 * 1024;

/** Why a HEIC picture could not become a JPEG (shown to the user as one message). */
export type HeicFailure = 'not_heic' | 'too_large' | 'decode_failed';

export class HeicConversionError extends Error {
  constructor(readonly reason: HeicFailure) {
    super(`HEIC conversion failed: ${reason}`);
    this.name = 'HeicConversionError';
  }
}

/** Decodes a HEIC/HEIF blob and encodes it as a JPEG blob at the given quality. */
export type HeicDecoder = (blob: Blob, quality: number) => Promise<Blob>;

/**
 * The decoder: libheif compiled to WebAssembly (the `heic-to` package, ~3 MB), imported only when
 * a HEIC picture is chosen so the chat page never loads it otherwise. The `csp` build runs without
 * `eval`, which the app's Content-Security-Policy forbids.
 */
const wasmDecoder: HeicDecoder = async (blob, quality) => {
  const { heicTo } = await import('heic-to/csp');
  return heicTo({ blob, type: 'image/jpeg', quality });
};

/**
 * A HEIC/HEIF picture as a JPEG file at HEIC_JPEG_QUALITY, named like the original with `.jpg`.
 * The header is checked first, so a file that only claims to be HEIC (by its name) or declares
 * more than MAX_IMAGE_PIXELS is refused before the decoder is loaded or any pixel decoded.
 */
export async function convertHeicToJpeg(file: File, decode: HeicDecoder = wasmDecoder): Promise<File> {
  const head = new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer());
  if (!hasHeifSignature(head)) throw new HeicConversionError('not_heic');
  if ((largestDeclaredPixels(head) ?? 0) > MAX_IMAGE_PIXELS) throw new HeicConversionError('too_large');
  let jpeg: Blob;
  try {
    jpeg = await decode(file, HEIC_JPEG_QUALITY);
  } catch {
    throw new HeicConversionError('decode_failed');
  }
  if (jpeg.size === 0 || jpeg.type !== 'image/jpeg') throw new HeicConversionError('decode_failed');
  return new File([jpeg], file.name.replace(/\.[^.]*$/, '') + '.jpg', { type: 'image/jpeg' });
}
