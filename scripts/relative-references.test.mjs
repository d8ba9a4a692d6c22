import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  assertNoMissingReferences,
  filesFoundByUrl,
  filesNeededBy,
  missingReferences,
  relativeReferences,
} from './relative-references.mjs';

describe('relativeReferences', () => {
  it('finds static imports, re-exports, bare imports, import() and new URL(…, import.meta.url)', () => {
    const code = [
      "import { a } from './a.mjs';",
      'import {',
      '  b,',
      '  c as d',
      '} from "./chunk-B2.mjs";',
      "export * from '../e.js';",
      "import './f.mjs';",
      "const g = await import('./g.mjs');",
      "const worker = new Worker(new URL('./h-worker.mjs', import.meta.url));",
      'const child = new URL(`./i.mjs`, import.meta.url);',
      "import fs from 'node:fs';",
      "import pdf from 'unpdf';",
      "const site = new URL('./page', 'https://example.org/');",
      "const parent = new URL('..', import.meta.url);",
    ].join('\n');
    expect(relativeReferences(code)).toEqual([
      './a.mjs',
      './chunk-B2.mjs',
      '../e.js',
      './f.mjs',
      './g.mjs',
      './h-worker.mjs',
      './i.mjs',
    ]);
  });

  it('ignores imports written in comments, and keeps code after a URL inside a string', () => {
    const code = [
      "// import { old } from './old.mjs';",
      "/* new URL('./gone.mjs', import.meta.url) */",
      "const home = 'https://example.org/a'; import { x } from './x.mjs';",
    ].join('\n');
    expect(relativeReferences(code)).toEqual(['./x.mjs']);
  });
});

describe('the build output check', () => {
  const dirs = [];
  const fixture = (files) => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-dist-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(dir, name, '..'), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A dist as the build wrote it before office-text.mjs was shipped. */
  const distWithoutOfficeText = () =>
    fixture({
      'main.mjs': [
        "import { s } from './chunk-A.mjs';",
        "const worker = new URL('./document-extract-worker.mjs', import.meta.url);",
        "const tokens = new URL('./token-count-worker.mjs', import.meta.url);",
      ].join('\n'),
      'chunk-A.mjs': 'export const s = 1;\n',
      'document-extract-worker.mjs': "import { pptxText } from './office-text.mjs';\nimport 'unpdf';\n",
      'main.mjs.map': '{"sources":["./missing.ts"]}',
    });

  it('names each file that refers to a relative file missing from dist', () => {
    expect(missingReferences(distWithoutOfficeText())).toEqual([
      { file: 'document-extract-worker.mjs', specifier: './office-text.mjs' },
      { file: 'main.mjs', specifier: './token-count-worker.mjs' },
    ]);
  });

  it('fails the build with a message naming the file and what it needs', () => {
    expect(() => assertNoMissingReferences(distWithoutOfficeText())).toThrow(
      /document-extract-worker\.mjs refers to \.\/office-text\.mjs, which is not there/,
    );
  });

  it('passes a complete dist, subfolders included', () => {
    const dir = fixture({
      'main.mjs': "import './sub/b.mjs';\nnew URL('./w.mjs', import.meta.url);",
      'sub/b.mjs': "export * from '../w.mjs';",
      'w.mjs': '',
    });
    expect(missingReferences(dir)).toEqual([]);
    expect(() => assertNoMissingReferences(dir)).not.toThrow();
  });
});

describe('choosing the files shipped beside the bundle', () => {
  it('ships what sources find with new URL and, transitively, what those files import', () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-src-'));
    try {
      const files = {
        'services/extract.ts':
          "import { x } from './helper.ts';\nconst w = new URL('./extract-worker.mjs', import.meta.url);",
        'services/helper.ts': 'export const x = 1;',
        'services/extract-worker.mjs': "import { t } from './office-text.mjs';",
        'services/office-text.mjs': "export { z } from './zip-bounds.mjs';",
        'services/zip-bounds.mjs': 'export const z = 1;',
        'services/unused.mjs': 'export const u = 1;',
      };
      for (const [name, text] of Object.entries(files)) {
        mkdirSync(join(dir, name, '..'), { recursive: true });
        writeFileSync(join(dir, name), text);
      }
      const roots = filesFoundByUrl([join(dir, 'services/extract.ts'), join(dir, 'services/helper.ts')]);
      expect(roots).toEqual([join(dir, 'services/extract-worker.mjs')]);
      expect(filesNeededBy(roots)).toEqual(
        ['extract-worker.mjs', 'office-text.mjs', 'zip-bounds.mjs'].map((f) => join(dir, 'services', f)),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
