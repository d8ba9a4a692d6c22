import { MAX_IMAGE_PIXELS } from '@parley/schema';
import { loadSharp } from './load-sharp.ts';

export { MAX_IMAGE_PIXELS };

export class ImageRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageRejected';
  }
}

/**
 * The size of an uploaded image, after proving it decodes: the header is read first (a declared
 * size beyond MAX_IMAGE_PIXELS is refused before any pixel is decoded), then a small thumbnail is
 * decoded so that a truncated or corrupt file is refused too.
 */
export async function checkImage(
  input: string | Buffer,
): Promise<{ width: number; height: number; format: string }> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (!width || !height) throw new ImageRejected('The image has no size');
    if (width * height > MAX_IMAGE_PIXELS) throw new ImageRejected('The image is too large in pixels');
    await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .resize(32, 32, { fit: 'inside' })
      .raw()
      .toBuffer();
    return { width, height, format: meta.format ?? 'unknown' };
  } catch (err) {
    if (err instanceof ImageRejected) throw err;
    const text = err instanceof Error ? err.message : String(err);
    if (/pixel limit/i.test(text)) throw new ImageRejected('The image is too large in pixels');
    throw new ImageRejected('The image could not be read');
  }
}
