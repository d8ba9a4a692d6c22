import { VISION_IMAGE_TYPES } from '@parley/schema';
import { MAX_IMAGE_PIXELS } from './image-check.ts';
import { loadSharp } from './load-sharp.ts';
import type { ImageLimits } from './provider-image-limits.ts';

/**
 * A stored picture as a provider can take it: unchanged when its type, size and bytes are within
 * the limits; otherwise scaled to fit the longest edge and re-encoded (PNG stays PNG when it has
 * transparency, everything else becomes JPEG), lowering the JPEG quality until it fits the bytes.
 */
export async function fitImage(
  path: string,
  type: string,
  size: { width: number; height: number; bytes: number },
  limits: ImageLimits,
): Promise<{ data: Uint8Array; mediaType: string }> {
  const sendable = (VISION_IMAGE_TYPES as readonly string[]).includes(type);
  const fits = Math.max(size.width, size.height) <= limits.maxEdge && size.bytes <= limits.maxBytes;
  if (sendable && fits) {
    const { readFile } = await import('node:fs/promises');
    return { data: await readFile(path), mediaType: type };
  }
  const sharp = await loadSharp();
  const resized = () =>
    sharp(path, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false })
      .autoOrient()
      .resize(limits.maxEdge, limits.maxEdge, { fit: 'inside', withoutEnlargement: true });
  const meta = await sharp(path, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  if (meta.hasAlpha && type === 'image/png') {
    const data = await resized().png({ compressionLevel: 9 }).toBuffer();
    if (data.length <= limits.maxBytes) return { data, mediaType: 'image/png' };
  }
  for (const quality of [85, 70, 55, 40]) {
    const data = await resized().jpeg({ quality, mozjpeg: true }).toBuffer();
    if (data.length <= limits.maxBytes || quality === 40) return { data, mediaType: 'image/jpeg' };
  }
  throw new Error('unreachable');
}
