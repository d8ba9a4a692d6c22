// Finds references to the product specification's numbered sections (a section sign and a
// number after one of its document numbers 000, 001, 002) in source files. The specification is not part of this repository, so a comment that
// cites a section points its reader at a document they do not have: a comment states the rule it
// implements in words instead. Used by check-spec-references.mjs; kept apart so it can be tested.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The section sign is written as an escape so that this file does not match itself.
const SECTION = '\u00a7';

/**
 * A section sign followed by a section number (a space between allowed) or directly by a section
 * name, or one of the specification's document numbers followed by the word "section" and a number.
 */
const REFERENCE = new RegExp(`${SECTION}(?:\\s?\\p{N}|\\p{L})|\\b00[0-2]\\s+sect(?:ion|\\.)\\s*\\d`, 'iu');

/** The source files that are checked, by extension. */
const SOURCE_EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs']);

/** Folders never walked: installed packages, build output and test reports. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report']);

/** The 1-based numbers and texts of the lines of `text` that cite a specification section. */
export function findSpecReferences(text) {
  const found = [];
  text.split('\n').forEach((line, i) => {
    if (REFERENCE.test(line)) found.push({ line: i + 1, text: line.trim() });
  });
  return found;
}

/** Every checked source file under `folder` (relative to the working directory), sorted. */
export function sourceFiles(folder) {
  const files = [];
  const walk = (dir) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      if (error.code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(full);
      } else if (entry.isFile() && SOURCE_EXTENSIONS.has(path.extname(entry.name))) {
        files.push(full);
      }
    }
  };
  walk(folder);
  return files.sort();
}

/** `file:line: text` for every specification reference in the checked files under `folders`. */
export function specReferencesIn(folders) {
  return folders.flatMap((folder) =>
    sourceFiles(folder).flatMap((file) =>
      findSpecReferences(readFileSync(file, 'utf8')).map((hit) => `${file}:${hit.line}: ${hit.text}`),
    ),
  );
}
