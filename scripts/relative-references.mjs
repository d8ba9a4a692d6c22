// The relative files a JavaScript module needs at run time, read off its text: what it imports
// (static imports, re-exports, import('./x')) and the workers or data it finds beside itself with
// new URL('./x', import.meta.url). The server build uses it twice: to choose which plain .mjs
// files of the sources to ship (server-build.mjs), and to prove afterwards that every file in
// dist finds what it refers to, so a module missing from the build fails the build instead of
// the first upload of a user.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** A specifier that names a file beside or above the module: './x.mjs', '../y.js'. */
const RELATIVE = String.raw`\.\.?\/[^'"\x60\s]+`;
const REFERENCE_PATTERNS = [
  // import … from './x', export … from './x' (any number of lines between the braces)
  new RegExp(String.raw`\bfrom\s*(['"])(${RELATIVE})\1`, 'g'),
  // import './x' (for its effects)
  new RegExp(String.raw`\bimport\s*(['"])(${RELATIVE})\1`, 'g'),
  // import('./x')
  new RegExp(String.raw`\bimport\s*\(\s*(['"\x60])(${RELATIVE})\1\s*[,)]`, 'g'),
  // new URL('./x', import.meta.url): a worker, a child process's script, a data file
  new RegExp(String.raw`\bnew\s+URL\s*\(\s*(['"\x60])(${RELATIVE})\1\s*,\s*import\.meta\.url\s*\)`, 'g'),
];

/**
 * Comments blanked out (same length, line breaks kept), so a module that mentions an import in
 * prose does not count as needing the file. Strings are skipped over whole, so '//' in a URL
 * literal is not taken for a comment.
 */
function withoutComments(code) {
  let out = '';
  let i = 0;
  while (i < code.length) {
    const c = code[i];
    const next = code[i + 1];
    if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < code.length && code[j] !== c) j += code[j] === '\\' ? 2 : 1;
      out += code.slice(i, j + 1);
      i = j + 1;
    } else if (c === '/' && next === '/') {
      const end = code.indexOf('\n', i);
      const stop = end === -1 ? code.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = code.indexOf('*/', i + 2);
      const stop = end === -1 ? code.length : end + 2;
      out += code.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The relative specifiers a module's code refers to, each once, in order of appearance. */
export function relativeReferences(code) {
  const text = withoutComments(code);
  const found = [];
  for (const pattern of REFERENCE_PATTERNS)
    for (const match of text.matchAll(pattern)) found.push({ at: match.index, specifier: match[2] });
  return [...new Set(found.sort((a, b) => a.at - b.at).map((f) => f.specifier))];
}

const MODULE_FILE = /\.(mjs|cjs|js)$/;

/**
 * Every reference in the JavaScript files of `dir` (the build's output) to a relative file that is
 * not there, as { file, specifier } with `file` relative to `dir`.
 */
export function missingReferences(dir) {
  const missing = [];
  for (const name of readdirSync(dir, { recursive: true })) {
    if (!MODULE_FILE.test(name)) continue;
    const file = join(dir, name);
    for (const specifier of relativeReferences(readFileSync(file, 'utf8'))) {
      const target = resolve(dirname(file), specifier.split(/[?#]/)[0]);
      if (!existsSync(target)) missing.push({ file: relative(dir, file), specifier });
    }
  }
  return missing;
}

/** Throws, naming each broken reference, when a file in `dir` refers to a relative file not in it. */
export function assertNoMissingReferences(dir) {
  const missing = missingReferences(dir);
  if (missing.length === 0) return;
  const lines = missing.map(({ file, specifier }) => `  ${file} refers to ${specifier}, which is not there`);
  throw new Error(
    `The server build is incomplete: files in ${dir} need files the build did not ship:\n${lines.join('\n')}\n` +
      'Ship them from scripts/server-build.mjs (a plain .mjs file is shipped when a source finds it ' +
      "with new URL('./x.mjs', import.meta.url) or a shipped .mjs file imports it).",
  );
}

/**
 * The files that `roots` (absolute paths of plain JavaScript modules) need at run time: the roots
 * themselves and, transitively, every relative file they import or find with new URL(…).
 */
export function filesNeededBy(roots) {
  const seen = new Set();
  const pending = [...roots];
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    if (!MODULE_FILE.test(file) || !existsSync(file)) continue;
    for (const specifier of relativeReferences(readFileSync(file, 'utf8')))
      pending.push(resolve(dirname(file), specifier.split(/[?#]/)[0]));
  }
  return [...seen].sort();
}

/**
 * The files that TypeScript sources find beside themselves with new URL('./x', import.meta.url)
 * (workers, child processes' scripts): the bundle keeps those references as they are, so each such
 * file must be shipped next to it. `sources` are absolute paths.
 */
export function filesFoundByUrl(sources) {
  const found = [];
  for (const file of sources) {
    const code = withoutComments(readFileSync(file, 'utf8'));
    for (const match of code.matchAll(REFERENCE_PATTERNS[3]))
      found.push(resolve(dirname(file), match[2].split(/[?#]/)[0]));
  }
  return [...new Set(found)].sort();
}
