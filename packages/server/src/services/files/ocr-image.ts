import { MAX_IMAGE_PIXELS } from '@parley/schema';
import { DocumentUnreadable } from './document-extract.ts';
import { loadSharp } from './load-sharp.ts';

/**
 * The longest side a picture is given to Tesseract at: text on a phone photo or a scan at 300 dpi
 * stays legible, and the engine's memory (it keeps several copies of the page) stays bounded.
 */
export const OCR_MAX_SIDE = 3000;

/**
 * A picture made ready for OCR: decoded by sharp under the pixel limit every upload has (a PNG
 * that declares a gigantic size, a decompression bomb, is refused before its pixels are
 * decoded), turned upright as its EXIF says, made grey and no larger than OCR_MAX_SIDE, then
 * written as a PNG, which Tesseract's image reader handles whatever the upload's format was
 * (WebP, AVIF, GIF, TIFF...).
 */
export async function ocrReadyImage(input: string | Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    return await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .grayscale()
      .resize(OCR_MAX_SIDE, OCR_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 1 })
      .toBuffer();
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    if (/pixel limit/i.test(text))
      throw new DocumentUnreadable('too_large', 'The picture is too large in pixels to read its text.');
    throw new DocumentUnreadable('corrupt', 'The picture could not be read: it is damaged or not a picture.');
  }
}
