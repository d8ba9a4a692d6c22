import { notImplemented } from './section.ts';

/** `ocr`: not acted on yet. */
export const ocrSection = notImplemented('documents are not sent to an OCR service.');
