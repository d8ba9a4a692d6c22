import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkLocales,
  failuresOf,
  flatten,
  isCountable,
  missingAsJson,
  offeredCodes,
} from './locale-rules.mjs';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'check-locales.mjs');

const ENGLISH = {
  com_ui_save: 'Save',
  com_ui_cancel: 'Cancel',
  com_ui_greeting: 'Hello, {{name}}!',
  com_ui_terms: 'I accept the <0>terms</0>',
  com_ui_files_one: 'One file',
  com_ui_files_other: '{{count}} files',
  com_ui_brand: 'Parley',
  com_ui_provider: '{{provider}} API',
  prompts: { title: 'Prompts', delete: 'Delete prompt' },
};
const BUILDER = { agents: { name: 'Name', create: 'Create agent' } };

const GERMAN = {
  com_ui_save: 'Speichern',
  com_ui_cancel: 'Abbrechen',
  com_ui_greeting: 'Hallo, {{name}}!',
  com_ui_terms: 'Ich akzeptiere die <0>Bedingungen</0>',
  com_ui_files_one: 'Eine Datei',
  com_ui_files_other: '{{count}} Dateien',
  com_ui_brand: 'Parley',
  com_ui_provider: '{{provider}} API',
  prompts: { title: 'Vorlagen', delete: 'Vorlage löschen' },
};
const GERMAN_BUILDER = { agents: { name: 'Name', create: 'Agent erstellen' } };
/** English's com_ui_files plural in Arabic's six forms ("two" without the number, as Arabic says it). */
const ARABIC_FILES = {
  com_ui_files_zero: 'لا ملفات',
  com_ui_files_one: 'ملف واحد',
  com_ui_files_two: 'ملفان',
  com_ui_files_few: '{{count}} ملفات',
  com_ui_files_many: '{{count}} ملفًا',
  com_ui_files_other: '{{count}} ملف',
};

let dirs = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** A locales folder with English and the given locales ({code: [translation, agentBuilder]}). */
function fixture(locales, offered = Object.keys(locales)) {
  const root = mkdtempSync(path.join(tmpdir(), 'locales-'));
  dirs.push(root);
  const write = (code, translation, builder) => {
    mkdirSync(path.join(root, 'locales', code), { recursive: true });
    writeFileSync(path.join(root, 'locales', code, 'translation.json'), JSON.stringify(translation));
    if (builder)
      writeFileSync(path.join(root, 'locales', code, 'agent-builder.json'), JSON.stringify(builder));
  };
  write('en', ENGLISH, BUILDER);
  for (const [code, [translation, builder]] of Object.entries(locales)) write(code, translation, builder);
  const languages = path.join(root, 'languages.ts');
  const entries = ['en-US', ...offered].map((code) => `  { code: '${code}', label: '${code}' },`);
  writeFileSync(languages, `export const LANGUAGES = [\n${entries.join('\n')}\n];\n`);
  return { dir: path.join(root, 'locales'), languages };
}

function reportOf(locales, code, offered) {
  const { dir, languages } = fixture(locales, offered);
  return checkLocales(dir, offeredCodes(languages)).find((r) => r.code === code);
}

describe('checkLocales', () => {
  it('passes a complete German translation', () => {
    const report = reportOf({ 'de-DE': [GERMAN, GERMAN_BUILDER] }, 'de-DE');
    expect(failuresOf(report)).toEqual([]);
    // "Parley" and "{{provider}} API" have nothing to translate; "Name" is the same word in German.
    expect(report.counted).toBe(10);
    expect(report.differing).toBe(9);
  });

  it('reports a missing key of either file, with its English value', () => {
    const { com_ui_cancel: _dropped, ...partial } = GERMAN;
    const report = reportOf({ 'de-DE': [partial, { agents: { name: 'Name des Agenten' } }] }, 'de-DE');
    expect(failuresOf(report)).toContain('2 key(s) missing');
    expect(missingAsJson(report)).toEqual({
      'translation.json': { com_ui_cancel: 'Cancel' },
      'agent-builder.json': { agents: { create: 'Create agent' } },
    });
  });

  it('reports a whole missing agent-builder file as missing keys', () => {
    const report = reportOf({ 'de-DE': [GERMAN, undefined] }, 'de-DE');
    expect(report.missing.map((m) => `${m.file}:${m.key}`)).toEqual([
      'agent-builder.json:agents.name',
      'agent-builder.json:agents.create',
    ]);
  });

  it('reports a key English does not have', () => {
    const report = reportOf({ 'de-DE': [{ ...GERMAN, com_ui_extra: 'Extra' }, GERMAN_BUILDER] }, 'de-DE');
    expect(failuresOf(report)).toEqual(['key not in English: translation.json:com_ui_extra']);
  });

  it('reports a changed, dropped or added placeholder', () => {
    const broken = { ...GERMAN, com_ui_greeting: 'Hallo, {{nom}}!', com_ui_save: 'Speichern {{x}}' };
    const report = reportOf({ 'de-DE': [broken, GERMAN_BUILDER] }, 'de-DE');
    expect(failuresOf(report)).toEqual([
      'markup differs: translation.json:com_ui_save: placeholders {{x}}, English has none',
      'markup differs: translation.json:com_ui_greeting: placeholders {{nom}}, English has {{name}}',
    ]);
  });

  it('reports a lost tag', () => {
    const report = reportOf(
      { 'de-DE': [{ ...GERMAN, com_ui_terms: 'Ich akzeptiere die Bedingungen' }, GERMAN_BUILDER] },
      'de-DE',
    );
    expect(failuresOf(report)).toEqual([
      'markup differs: translation.json:com_ui_terms: tags none, English has </0> <0>',
    ]);
  });

  it('fails a locale where fewer than 90 % of the values differ from English', () => {
    const copied = { ...GERMAN, com_ui_save: 'Save', com_ui_cancel: 'Cancel' };
    const report = reportOf({ 'de-DE': [copied, GERMAN_BUILDER] }, 'de-DE');
    expect(report.share).toBeCloseTo(0.7);
    expect(failuresOf(report)).toEqual(['only 70.0 % of 10 values differ from English (at least 90 % must)']);
  });

  it('takes a key ending in _other for a plural only when English has its _one beside it', () => {
    // The feedback tag named "other": not a plural, so Arabic owes no _zero, _two, _few or _many of it.
    const tag = (extra) => ({ ...extra, com_ui_feedback_tag_other: 'Other' });
    const arabic = {
      ...GERMAN,
      ...ARABIC_FILES,
      com_ui_feedback_tag_other: 'أخرى',
    };
    const { dir, languages } = fixture({ 'ar-EG': [arabic, GERMAN_BUILDER] });
    writeFileSync(path.join(dir, 'en', 'translation.json'), JSON.stringify(tag(ENGLISH)));
    const report = checkLocales(dir, offeredCodes(languages)).find((r) => r.code === 'ar-EG');
    expect(failuresOf(report)).toEqual([]);
    // And a plural variant of it is a key English lacks.
    writeFileSync(
      path.join(dir, 'ar-EG', 'translation.json'),
      JSON.stringify({ ...arabic, com_ui_feedback_tag_few: 'أخرى' }),
    );
    const withVariant = checkLocales(dir, offeredCodes(languages)).find((r) => r.code === 'ar-EG');
    expect(failuresOf(withVariant)).toEqual(['key not in English: translation.json:com_ui_feedback_tag_few']);
  });

  it('asks Arabic for its six plural forms and lets it leave the number out of "two"', () => {
    const arabic = {
      ...GERMAN,
      ...ARABIC_FILES,
    };
    expect(failuresOf(reportOf({ 'ar-EG': [arabic, GERMAN_BUILDER] }, 'ar-EG'))).toEqual([]);
    const { com_ui_files_few: _few, ...withoutFew } = arabic;
    const report = reportOf({ 'ar-EG': [withoutFew, GERMAN_BUILDER] }, 'ar-EG');
    expect(missingAsJson(report)).toEqual({ 'translation.json': { com_ui_files_few: '{{count}} files' } });
  });

  it('refuses a rightwards arrow in a right-to-left language, where it would point backwards', () => {
    const english = { ...ENGLISH, com_ui_figures_tokens: '{{prompt}} → {{completion}} tokens' };
    const { dir, languages } = fixture({
      'ar-EG': [
        { ...GERMAN, ...ARABIC_FILES, com_ui_figures_tokens: '{{prompt}} → {{completion}} رمز' },
        GERMAN_BUILDER,
      ],
      'de-DE': [{ ...GERMAN, com_ui_figures_tokens: '{{prompt}} → {{completion}} Token' }, GERMAN_BUILDER],
    });
    writeFileSync(path.join(dir, 'en', 'translation.json'), JSON.stringify(english));
    const reports = checkLocales(dir, offeredCodes(languages));
    expect(failuresOf(reports.find((r) => r.code === 'ar-EG'))).toEqual([
      'markup differs: translation.json:com_ui_figures_tokens: a rightwards arrow (→) points against a right-to-left reading; use ←',
    ]);
    expect(failuresOf(reports.find((r) => r.code === 'de-DE'))).toEqual([]);
  });

  it('lets Russian put the number in its "one" form, which also serves 21, 31 …', () => {
    const russian = {
      ...GERMAN,
      com_ui_files_one: '{{count}} файл',
      com_ui_files_few: '{{count}} файла',
      com_ui_files_many: '{{count}} файлов',
      com_ui_files_other: '{{count}} файла',
    };
    const builder = { agents: { name: 'Имя', create: 'Создать агента' } };
    expect(failuresOf(reportOf({ 'ru-RU': [russian, builder] }, 'ru-RU'))).toEqual([]);
  });

  it('refuses a plural form its language does not have, and a placeholder English lacks in a plural', () => {
    const report = reportOf(
      {
        'de-DE': [
          { ...GERMAN, com_ui_files_few: 'Einige Dateien', com_ui_files_other: '{{n}} Dateien' },
          GERMAN_BUILDER,
        ],
      },
      'de-DE',
    );
    expect(failuresOf(report)).toEqual([
      'key not in English: translation.json:com_ui_files_few',
      'markup differs: translation.json:com_ui_files_other: placeholders {{n}} are not in English',
    ]);
  });

  it('lets Japanese, which has no "one" form, keep or drop x_one', () => {
    const { com_ui_files_one: _one, ...withoutOne } = GERMAN;
    const builder = { agents: { name: '名前', create: 'エージェントを作成' } };
    expect(failuresOf(reportOf({ 'ja-JP': [withoutOne, builder] }, 'ja-JP'))).toEqual([]);
    expect(failuresOf(reportOf({ 'ja-JP': [GERMAN, builder] }, 'ja-JP'))).toEqual([]);
  });

  it('fails an offered locale without a folder, and a folder that is not offered', () => {
    const { dir, languages } = fixture({ 'de-DE': [GERMAN, GERMAN_BUILDER] }, ['fr-FR']);
    const reports = checkLocales(dir, offeredCodes(languages));
    expect(reports.map((r) => [r.code, failuresOf(r)[0]])).toEqual([
      ['de-DE', 'the folder is not a locale offered in languages.ts'],
      ['fr-FR', 'the folder is missing'],
    ]);
  });
});

describe('isCountable', () => {
  it.each(['Parley', '{{name}}', 'OpenAI API', '<0>{{count}}</0> %', 'MCP URL: {{url}}', 'JSON'])(
    'leaves %s out of the count',
    (text) => expect(isCountable(text)).toBe(false),
  );
  it.each(['Save', 'Parley settings', '{{count}} files', 'Open API keys'])('counts %s', (text) =>
    expect(isCountable(text)).toBe(true),
  );
});

describe('flatten', () => {
  it('turns nested keys into dotted paths', () => {
    expect([...flatten({ a: { b: 'x', c: { d: 'y' } }, e: 'z' })]).toEqual([
      ['a.b', 'x'],
      ['a.c.d', 'y'],
      ['e', 'z'],
    ]);
  });
});

describe('check-locales.mjs', () => {
  const run = (...args) => spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });

  it('exits 0 when every locale passes', () => {
    const { dir, languages } = fixture({ 'de-DE': [GERMAN, GERMAN_BUILDER] });
    const result = run('--dir', dir, '--languages', languages);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('ok   de-DE');
  });

  it('exits 1 and names the missing keys of a failing locale', () => {
    const { com_ui_cancel: _dropped, ...partial } = GERMAN;
    const { dir, languages } = fixture({ 'de-DE': [partial, GERMAN_BUILDER] });
    const result = run('--dir', dir, '--languages', languages);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('FAIL de-DE');
    expect(result.stderr).toContain('missing translation.json:com_ui_cancel');
  });

  it("prints one locale's missing keys as JSON with --missing", () => {
    const { com_ui_cancel: _dropped, ...partial } = GERMAN;
    const { dir, languages } = fixture({ 'de-DE': [partial, GERMAN_BUILDER] });
    const result = run('--dir', dir, '--languages', languages, '--missing', 'de-DE');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ 'translation.json': { com_ui_cancel: 'Cancel' } });
  });
});
