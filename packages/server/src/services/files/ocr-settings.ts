import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ConfigError } from '../../config/env.ts';
import type { OcrYaml } from '../../config/yaml-sections/ocr.ts';

const require = createRequire(import.meta.url);

/** One language the engine loads, and the folder of its data file (`<code>.traineddata.gz`). */
export interface OcrLanguage {
  code: string;
  langPath: string;
}

/** What the `ocr` section of parley.yaml turns on, resolved to files on this machine. */
export interface OcrSettings {
  languages: OcrLanguage[];
  /** Reading one file (a picture, or all of a PDF's scanned pages) stops after this long. */
  timeoutMs: number;
  /** A PDF's pages without a text layer read per document; later ones are left out. */
  maxScannedPages: number;
}

export const DEFAULT_OCR_TIMEOUT_SECONDS = 60;
export const DEFAULT_MAX_SCANNED_PAGES = 30;

/**
 * The folder holding a language's data in its npm package `@tesseract.js-data/<code>`: the
 * "best_int" build, the LSTM model alone (a quarter of the size of the folder with the legacy
 * engine's data, which Parley does not run). Null when the package is not installed.
 */
export function languageDataFolder(code: string): string | null {
  let packageFile: string;
  try {
    packageFile = require.resolve(`@tesseract.js-data/${code}/package.json`);
  } catch {
    return null;
  }
  const folder = join(dirname(packageFile), '4.0.0_best_int');
  return existsSync(join(folder, `${code}.traineddata.gz`)) ? folder : null;
}

/**
 * The OCR settings of parley.yaml's `ocr` section, or null when the section is absent (OCR off).
 * A language whose data package is not installed stops the start with what to install: the
 * engine would otherwise fail on the first picture, or look for the data on the network.
 */
export function resolveOcrSettings(section: OcrYaml | undefined): OcrSettings | null {
  if (!section) return null;
  const codes = section.languages ?? ['eng'];
  const languages: OcrLanguage[] = [];
  const missing: string[] = [];
  for (const code of codes) {
    const langPath = languageDataFolder(code);
    if (langPath) languages.push({ code, langPath });
    else
      missing.push(
        `ocr.languages: the data of "${code}" is not installed (npm install @tesseract.js-data/${code})`,
      );
  }
  if (missing.length > 0) throw new ConfigError('parley.yaml: OCR cannot start', missing);
  return {
    languages,
    timeoutMs: (section.timeoutSeconds ?? DEFAULT_OCR_TIMEOUT_SECONDS) * 1000,
    maxScannedPages: section.maxScannedPages ?? DEFAULT_MAX_SCANNED_PAGES,
  };
}
