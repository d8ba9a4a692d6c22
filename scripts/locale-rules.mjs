// The rules every translation of the web app's strings keeps, checked against English (the source):
// the same keys (nested objects flattened to dotted paths), plural keys as the language needs them,
// the same placeholders and tags, and values that are really translated. Used by check-locales.mjs.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The strings files of each locale folder. */
export const LOCALE_FILES = ['translation.json', 'agent-builder.json'];

/** Share of a locale's countable values that must differ from English. */
export const MIN_TRANSLATED_SHARE = 0.9;

/**
 * Names and technical words that stay as they are in every language: a value made only of these,
 * placeholders, tags, digits and punctuation is not counted when measuring how much is translated.
 */
export const BRAND_WORDS = [
  'Parley',
  'OpenAI',
  'Anthropic',
  'Google',
  'Azure',
  'Bedrock',
  'Ollama',
  'MCP',
  'API',
  'URL',
  'URLs',
  'JSON',
  'YAML',
  'AWS',
  'Vertex',
  'AI',
  'Gemini',
  'Claude',
  'GPT',
  'DALL-E',
  'ElevenLabs',
  'LocalAI',
  'Whisper',
  'GitHub',
  'Discord',
  'Facebook',
  'Apple',
  'Microsoft',
  'OpenID',
  'SAML',
  'LDAP',
  'OAuth',
  'SSO',
  'HTTP',
  'HTTPS',
  'PDF',
  'CSV',
  'SVG',
  'PNG',
  'HTML',
  'CSS',
  'React',
  'Mermaid',
  'LaTeX',
  'Markdown',
  'TTS',
  'STT',
  'ID',
  'IDs',
  'OK',
  'Turnstile',
  'Cloudflare',
  'S3',
  'TOTP',
  'Mistral',
  'OpenRouter',
  'DeepSeek',
  'Groq',
  'Perplexity',
  'Tavily',
  'Firecrawl',
  'Jina',
  'Cohere',
  'SerpAPI',
];

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * The plural category an English key stands for, or undefined. A key is a plural form only when
 * English has both its `_one` and `_other` forms (i18next's pair): `com_ui_feedback_tag_other`,
 * the feedback tag named "other", ends like a plural but has no `_one` beside it.
 */
function englishPluralCategory(key, english) {
  const match = PLURAL_SUFFIX.exec(key);
  if (!match) return undefined;
  const base = key.slice(0, -match[0].length);
  return english.has(`${base}_one`) && english.has(`${base}_other`) ? match[1] : undefined;
}
const PLACEHOLDER = /\{\{\s*([^}]+?)\s*\}\}/g;
const TAG = /<\/?\d+\s*\/?>/g;

/** Nested strings as a flat map of dotted paths; non-string leaves are kept to be reported. */
export function flatten(value, prefix = '', out = new Map()) {
  for (const [key, child] of Object.entries(value ?? {})) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (child !== null && typeof child === 'object' && !Array.isArray(child)) flatten(child, name, out);
    else out.set(name, child);
  }
  return out;
}

/** A flat map of dotted paths back to nested objects (for the --missing listing). */
export function unflatten(entries) {
  const root = {};
  for (const [name, value] of entries) {
    const parts = name.split('.');
    let node = root;
    for (const part of parts.slice(0, -1)) node = node[part] ??= {};
    node[parts.at(-1)] = value;
  }
  return root;
}

/** The plural categories a language's numbers fall into (CLDR, as the browser's i18next uses them). */
export function pluralCategories(code) {
  return new Intl.PluralRules(code).resolvedOptions().pluralCategories;
}

function sorted(list) {
  return [...list].sort();
}

function placeholdersOf(text) {
  return sorted([...text.matchAll(PLACEHOLDER)].map((m) => m[1]));
}

function tagsOf(text) {
  return sorted((text.match(TAG) ?? []).map((t) => t.replace(/\s/g, '')));
}

function same(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * What a locale's key must match in English: itself, or for a plural variant (x_few …) the
 * English plural it belongs to. Returns undefined for a key English has no counterpart of.
 */
function englishCounterpart(key, english, categories) {
  if (english.has(key)) return { key, plural: englishPluralCategory(key, english) !== undefined };
  const match = PLURAL_SUFFIX.exec(key);
  if (!match || !categories.includes(match[1])) return undefined;
  const other = `${key.slice(0, -match[0].length)}_other`;
  return englishPluralCategory(other, english) ? { key: other, plural: true } : undefined;
}

/**
 * The keys a locale must have: every English key, where each English plural (x_other) asks for
 * the categories of the locale's language instead of English's (x_one only if the language has
 * a "one" category and English has x_one).
 */
export function requiredKeys(english, categories) {
  const required = new Map();
  for (const [key, value] of english) {
    const category = englishPluralCategory(key, english);
    if (!category) {
      required.set(key, value);
      continue;
    }
    if (category === 'one') {
      if (categories.includes('one')) required.set(key, value);
      continue;
    }
    if (category !== 'other') {
      required.set(key, value);
      continue;
    }
    const base = key.slice(0, -'_other'.length);
    for (const category of categories) {
      if (category === 'one') continue;
      required.set(`${base}_${category}`, value);
    }
  }
  return required;
}

/** True when a value has something to translate once names, placeholders and tags are set aside. */
export function isCountable(text) {
  let rest = text.replace(PLACEHOLDER, ' ').replace(TAG, ' ');
  for (const word of BRAND_WORDS)
    rest = rest.replace(new RegExp(`(?<![\\p{L}])${word}(?![\\p{L}])`, 'gu'), ' ');
  return /\p{L}{2,}/u.test(rest);
}

/**
 * Checks one locale's strings (flat maps) against English's. Returns the missing keys (with
 * English's value to translate), the extra keys, the keys whose placeholders or tags differ, and
 * the translated share.
 */
export function checkLocale(code, english, locale) {
  const categories = pluralCategories(code);
  const rightToLeft = RIGHT_TO_LEFT.has(code.toLowerCase().split(/[-_]/)[0]);
  const required = requiredKeys(english, categories);
  const missing = [...required].filter(([key]) => typeof locale.get(key) !== 'string');
  const extra = [];
  const mismatched = [];
  let counted = 0;
  let differing = 0;
  for (const [key, value] of locale) {
    const counterpart = englishCounterpart(key, english, categories);
    if (!counterpart) {
      extra.push(key);
      continue;
    }
    const source = english.get(counterpart.key);
    if (typeof value !== 'string' || typeof source !== 'string') {
      if (typeof source === 'string') mismatched.push(`${key}: not a string`);
      continue;
    }
    const forms = ['_one', '_other'].map((suffix) => english.get(key.replace(PLURAL_SUFFIX, suffix)));
    const problem = markupDifference(source, value, counterpart.plural, forms);
    if (problem) mismatched.push(`${key}: ${problem}`);
    if (rightToLeft && value.includes('→')) mismatched.push(`${key}: ${RTL_ARROW_PROBLEM}`);
    if (isCountable(source)) {
      counted++;
      if (value.trim() !== source.trim() && value.trim() !== english.get(key)?.trim()) differing++;
    }
  }
  const share = counted === 0 ? 1 : differing / counted;
  return { code, missing, extra, mismatched, counted, differing, share };
}

/** Languages written right to left (the web app's isRtlLanguage in languages.ts lists the same). */
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur']);
/**
 * English's "1,200 → 340 tokens" reads left to right. Laid out right to left, the numbers swap sides
 * and the arrow, which the bidirectional algorithm never mirrors, points from the second to the first.
 */
const RTL_ARROW_PROBLEM = 'a rightwards arrow (→) points against a right-to-left reading; use ←';

/**
 * How a translation's placeholders and tags differ from English's, or undefined. Tags must match
 * exactly. Placeholders too, except that a plural variant may leave out or add the count (Arabic
 * says "two files" with no number; Russian's "one" form also serves 21, 31 … and needs it) and may
 * use the placeholders of any of English's forms (`englishForms`).
 */
function markupDifference(source, value, plural, englishForms) {
  if (!same(tagsOf(source), tagsOf(value)))
    return `tags ${tagsOf(value).join(' ') || 'none'}, English has ${tagsOf(source).join(' ') || 'none'}`;
  let wanted = placeholdersOf(source);
  let found = placeholdersOf(value);
  if (plural) {
    const allowed = new Set([
      'count',
      ...englishForms.flatMap((form) => (typeof form === 'string' ? placeholdersOf(form) : [])),
    ]);
    const unknown = found.filter((p) => !allowed.has(p));
    if (unknown.length > 0) return `placeholders {{${unknown.join('}} {{')}}} are not in English`;
    wanted = wanted.filter((p) => p !== 'count');
    found = found.filter((p) => p !== 'count');
    const lost = wanted.filter((p) => !found.includes(p));
    return lost.length > 0 ? `placeholders {{${lost.join('}} {{')}}} are missing` : undefined;
  }
  if (!same(wanted, found)) {
    const show = (list) => (list.length ? list.map((p) => `{{${p}}}`).join(' ') : 'none');
    return `placeholders ${show(found)}, English has ${show(wanted)}`;
  }
  return undefined;
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

/**
 * A locale folder's strings as one flat map per file; keys are prefixed by the file's name
 * ("agent-builder.json:agents.name") only in reports, never in the files.
 */
export function readLocale(localesDir, folder) {
  return Object.fromEntries(
    LOCALE_FILES.map((file) => [file, flatten(readJson(path.join(localesDir, folder, file)))]),
  );
}

/**
 * Checks every offered locale (codes; their folders under localesDir) and any other folder there,
 * file by file, against the `en` folder. Returns one report per locale, problems merged over files.
 */
export function checkLocales(localesDir, codes) {
  const english = readLocale(localesDir, 'en');
  const folders = readdirSync(localesDir).filter((name) => name !== 'en');
  const all = [...new Set([...codes, ...folders])].sort();
  return all.map((code) => {
    const locale = readLocale(localesDir, code);
    const parts = LOCALE_FILES.map((file) => ({ file, ...checkLocale(code, english[file], locale[file]) }));
    const counted = parts.reduce((n, p) => n + p.counted, 0);
    const differing = parts.reduce((n, p) => n + p.differing, 0);
    return {
      code,
      offered: codes.includes(code),
      present: existsSync(path.join(localesDir, code)),
      missing: parts.flatMap((p) => p.missing.map(([key, value]) => ({ file: p.file, key, value }))),
      extra: parts.flatMap((p) => p.extra.map((key) => `${p.file}:${key}`)),
      mismatched: parts.flatMap((p) => p.mismatched.map((text) => `${p.file}:${text}`)),
      counted,
      differing,
      share: counted === 0 ? 1 : differing / counted,
    };
  });
}

/** A report's failures as lines; none means the locale passes. */
export function failuresOf(report) {
  const lines = [];
  if (!report.offered) lines.push('the folder is not a locale offered in languages.ts');
  if (!report.present) lines.push('the folder is missing');
  if (report.missing.length > 0) lines.push(`${report.missing.length} key(s) missing`);
  for (const key of report.extra) lines.push(`key not in English: ${key}`);
  for (const text of report.mismatched) lines.push(`markup differs: ${text}`);
  if (report.share < MIN_TRANSLATED_SHARE) {
    lines.push(
      `only ${(report.share * 100).toFixed(1)} % of ${report.counted} values differ from English ` +
        `(at least ${MIN_TRANSLATED_SHARE * 100} % must)`,
    );
  }
  return lines;
}

/** The missing keys of one report as nested JSON per file, English values to translate. */
export function missingAsJson(report) {
  return Object.fromEntries(
    LOCALE_FILES.map((file) => [
      file,
      unflatten(report.missing.filter((m) => m.file === file).map((m) => [m.key, m.value])),
    ]).filter(([, nested]) => Object.keys(nested).length > 0),
  );
}

/** The locale codes offered in the UI, read from languages.ts (English, the source, left out). */
export function offeredCodes(languagesFile) {
  const source = readFileSync(languagesFile, 'utf8');
  return [...source.matchAll(/\{\s*code:\s*'([^']+)'/g)].map((m) => m[1]).filter((code) => code !== 'en-US');
}
