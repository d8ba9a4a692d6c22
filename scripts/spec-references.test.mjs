import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findSpecReferences, sourceFiles, specReferencesIn } from './spec-references.mjs';

// Written as an escape so that this file does not trip the check it tests.
const S = '\u00a7';

describe('findSpecReferences', () => {
  it.each([
    [`/** Redirect countdowns are 3 s (000 ${S}9). */`],
    [`  // 001 ${S}4: shown only when think parts exist.`],
    [` * Voice (002 ${S}2–${S}5, ${S}7).`],
    [`/** ${S}9 defaults. */`],
    [`// see 001${S}5`],
    [`// the rule of ${S} 5`],
    [`// OpenAI's encoding (ARCHITECTURE ${S}runtime)`],
    [`describe('form rules (000 ${S}5)', () => {`],
    // Split so that this file does not trip the check either.
    ['// as 002 ' + 'section 4 says'],
    ['// as 001 ' + 'Sect. 3 says'],
  ])('flags %s', (line) => {
    expect(findSpecReferences(line)).toEqual([{ line: 1, text: line.trim() }]);
  });

  it.each([
    ['/** Redirect countdowns are 3 s. */'],
    ['const price = 000;'],
    [`// a lone ${S} sign, as in a legal quote`],
    [`// ${S} followed by words`],
    ['// the section below sets 5 defaults'],
    ['// 2000 sections of text'],
  ])('leaves %s alone', (line) => {
    expect(findSpecReferences(line)).toEqual([]);
  });

  it('reports every offending line with its number', () => {
    const text = ['// fine', `// (000 ${S}4)`, 'code();', `/** 002 ${S}9: rows 34 px */`].join('\n');
    expect(findSpecReferences(text).map((hit) => hit.line)).toEqual([2, 4]);
  });
});

describe('specReferencesIn', () => {
  let root;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('walks source files only, skipping installed packages and build output', () => {
    root = mkdtempSync(path.join(tmpdir(), 'spec-refs-'));
    const write = (relative, text) => {
      const file = path.join(root, relative);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    };
    const cited = `// (001 ${S}5)\n`;
    write('src/a.ts', `ok();\n${cited}`);
    write('src/deep/b.tsx', cited);
    write('src/c.mjs', 'fine();\n');
    write('src/notes.md', cited);
    write('node_modules/lib/index.js', cited);
    write('dist/main.mjs', cited);
    write('.cache/x.ts', cited);

    expect(sourceFiles(root).map((f) => path.relative(root, f))).toEqual([
      'src/a.ts',
      'src/c.mjs',
      'src/deep/b.tsx',
    ]);
    expect(specReferencesIn([root, path.join(root, 'missing')])).toEqual([
      `${path.join(root, 'src/a.ts')}:2: // (001 ${S}5)`,
      `${path.join(root, 'src/deep/b.tsx')}:1: // (001 ${S}5)`,
    ]);
  });
});
