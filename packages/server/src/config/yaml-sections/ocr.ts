import { z } from 'zod';
import { implemented } from './section.ts';

/**
 * The one OCR engine Parley runs: Tesseract compiled to WebAssembly (the tesseract.js package),
 * on this server, with language data installed from npm. Nothing is sent to an OCR service, so
 * the hosted strategies of the librechat.yaml format (mistral_ocr and the like) are refused
 * rather than silently read locally.
 */
export const LOCAL_OCR_STRATEGY = 'local_tesseract';

/** A Tesseract language code as its npm data package names it (`eng`, `deu`, `chi_sim`). */
const languageCode = z
  .string()
  .regex(/^[a-z]{3}(_[a-z]{3,4})?$/, 'must be a Tesseract language code such as eng or chi_sim');

/**
 * `ocr` of parley.yaml: turns on reading text out of pictures and scanned PDF pages, offline.
 * `strategy` must name the local engine; `languages` are the data packages it loads
 * (`@tesseract.js-data/<code>`, `eng` ships with Parley); `timeoutSeconds` bounds one file's
 * reading; `maxScannedPages` bounds how many pages without a text layer one PDF may have read.
 */
export const ocrSchema = z.strictObject({
  strategy: z.literal(LOCAL_OCR_STRATEGY, {
    error: `must be ${LOCAL_OCR_STRATEGY}: Parley reads text on this server and sends files to no OCR service`,
  }),
  languages: z.array(languageCode).min(1, 'must name at least one language').max(8).optional(),
  timeoutSeconds: z.number().int().min(5).max(600).optional(),
  maxScannedPages: z.number().int().min(1).max(500).optional(),
});
export type OcrYaml = z.infer<typeof ocrSchema>;

/** `ocr`: acted on by the upload and chat paths through services/files/ocr-settings.ts. */
export const ocrSection = implemented(ocrSchema);
