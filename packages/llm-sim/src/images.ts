// Pictures a request carries, in every wire protocol's shape, and the facts about one that the
// `vision` behaviour answers with: pixel size (read from the format's header) and a byte hash. A
// test that sends a picture can then check that the model received exactly those bytes.
import { createHash } from 'node:crypto';

export interface SimImage {
  mediaType: string;
  bytes: Buffer;
}

/** `data:image/png;base64,…` as OpenAI's image parts carry it; undefined for other URLs. */
export function imageFromDataUrl(url: unknown): SimImage | undefined {
  if (typeof url !== 'string') return undefined;
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  return match ? { mediaType: match[1]!, bytes: Buffer.from(match[2]!, 'base64') } : undefined;
}

export function imageFromBase64(mediaType: unknown, data: unknown): SimImage | undefined {
  if (typeof data !== 'string') return undefined;
  return {
    mediaType: typeof mediaType === 'string' ? mediaType : 'application/octet-stream',
    bytes: Buffer.from(data, 'base64'),
  };
}

/** Width and height from a PNG, JPEG, GIF or WebP header; undefined for anything else. */
export function imageSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47) {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 10 && bytes.toString('ascii', 0, 3) === 'GIF') {
    return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  if (
    bytes.length >= 30 &&
    bytes.toString('ascii', 0, 4) === 'RIFF' &&
    bytes.toString('ascii', 8, 12) === 'WEBP'
  ) {
    const kind = bytes.toString('ascii', 12, 16);
    if (kind === 'VP8 ')
      return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
    if (kind === 'VP8L') {
      const bits = bytes.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (kind === 'VP8X') return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes);
  return undefined;
}

/** Walks the JPEG segments to the first start-of-frame marker, which holds the size. */
function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  return undefined;
}

/** One line about a picture: `image 1: 64x40 image/png sha256:…` (the first 16 hex digits). */
export function describeImage(image: SimImage, index: number): string {
  const size = imageSize(image.bytes);
  const hash = createHash('sha256').update(image.bytes).digest('hex').slice(0, 16);
  return `image ${index + 1}: ${size ? `${size.width}x${size.height}` : 'unknown size'} ${image.mediaType} sha256:${hash}`;
}
