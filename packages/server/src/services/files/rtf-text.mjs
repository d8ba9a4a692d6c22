// The text of an RTF document: its control words are read and dropped, its groups of non-text
// (font and colour tables, document info, pictures, field instructions, every `\*` group) are
// skipped, and its escapes become characters (`\'hh` a byte in the document's code page, `\uN` a
// UTF-16 unit followed by fallback characters to skip). Small enough to own rather than add a
// dependency for. Plain JavaScript: it runs inside the extraction worker.

/** Destinations whose content is not the document's running text. */
const SKIPPED = new Set([
  'fonttbl',
  'colortbl',
  'stylesheet',
  'info',
  'pict',
  'object',
  'listtable',
  'listoverridetable',
  'rsidtbl',
  'themedata',
  'colorschememapping',
  'latentstyles',
  'datastore',
  'xmlnstbl',
  'generator',
  'fldinst',
  'filetbl',
  'revtbl',
  'header',
  'headerl',
  'headerr',
  'headerf',
  'footer',
  'footerl',
  'footerr',
  'footerf',
  'nonshppict',
  'bkmkstart',
  'bkmkend',
]);

/** Control words that end a line, or stand for a tab. */
const BREAKS = { par: '\n', line: '\n', sect: '\n\n', page: '\n\n', row: '\n', tab: '\t', cell: '\t' };
const SYMBOLS = {
  emdash: '\u2014',
  endash: '\u2013',
  bullet: '\u2022',
  lquote: '\u2018',
  rquote: '\u2019',
  ldblquote: '\u201c',
  rdblquote: '\u201d',
};

/** A decoder for Windows code page `n`; Windows-1252 when the platform does not know it. */
function codePage(n) {
  try {
    return new TextDecoder(n === 65001 ? 'utf-8' : `windows-${n}`);
  } catch {
    return new TextDecoder('windows-1252');
  }
}

/** An RTF document's text (given as its bytes read as Latin-1), up to `maxChars` characters. */
export function rtfText(source, { maxChars }) {
  if (!source.startsWith('{\\rtf')) throw new Error('Not an RTF document.');
  let decoder = codePage(1252);
  const out = [];
  let length = 0;
  let bytes = [];
  let state = { skip: false, uc: 1 };
  const stack = [];
  let groupStart = false;
  /** Fallback characters still to drop after a `\uN`. */
  let fallback = 0;
  const emit = (text) => {
    if (state.skip || !text) return;
    out.push(text);
    length += text.length;
  };
  const flushBytes = () => {
    if (bytes.length) emit(decoder.decode(new Uint8Array(bytes)));
    bytes = [];
  };
  let i = 0;
  while (i < source.length && length <= maxChars) {
    const ch = source[i];
    if (ch === '{' || ch === '}') {
      flushBytes();
      if (ch === '{') {
        stack.push(state);
        state = { ...state };
        groupStart = true;
      } else state = stack.pop() ?? state;
      i++;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      i++;
      continue;
    }
    if (ch !== '\\') {
      flushBytes();
      if (fallback > 0) fallback--;
      else emit(ch);
      groupStart = false;
      i++;
      continue;
    }
    const next = source[i + 1] ?? '';
    if (next === "'") {
      const byte = parseInt(source.slice(i + 2, i + 4), 16);
      if (fallback > 0) fallback--;
      else if (!Number.isNaN(byte)) bytes.push(byte);
      i += 4;
      groupStart = false;
      continue;
    }
    flushBytes();
    if (!/[a-zA-Z]/.test(next)) {
      // A control symbol: an escaped character, or a mark of its own.
      if (next === '*') state.skip = true;
      else if (next === '\\' || next === '{' || next === '}') emit(next);
      else if (next === '~') emit('\u00a0');
      else if (next === '_') emit('\u2011');
      else if (next === '\n' || next === '\r') emit('\n');
      i += 2;
      groupStart = false;
      continue;
    }
    const word = /^([a-zA-Z]{1,32})(-?\d{1,10})? ?/.exec(source.slice(i + 1, i + 50));
    const [whole, name, param] = word;
    i += 1 + whole.length;
    const value = param === undefined ? undefined : Number(param);
    if (groupStart && SKIPPED.has(name)) state.skip = true;
    groupStart = false;
    if (name === 'bin' && value > 0) i += value;
    else if (name === 'ansicpg' && value) decoder = codePage(value);
    else if (name === 'uc' && value !== undefined) state.uc = value;
    else if (name === 'u' && value !== undefined) {
      emit(String.fromCharCode(value < 0 ? value + 65536 : value));
      fallback = state.uc;
    } else if (BREAKS[name]) emit(BREAKS[name]);
    else if (SYMBOLS[name]) emit(SYMBOLS[name]);
  }
  flushBytes();
  const text = out
    .join('')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { text: text.slice(0, maxChars), truncated: text.length > maxChars || i < source.length };
}
