// Plain JavaScript: the token-count worker thread loads it with Node's bare module loader (no
// tsx there), and the server imports the same file for small texts counted in place.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Byte-pair encoding is quadratic in the length of one pre-token, and a run of letters or
 * symbols without a space is one pre-token: an 80,000-character word took seconds, a
 * 1,000,000-character one minutes. Runs longer than this are cut into pieces of this size (a
 * cut changes the count by at most a token or so per piece).
 */
export const RUN_LIMIT = 128;
/** Characters counted exactly per text; the rest is estimated at the ratio seen so far. */
export const EXACT_BUDGET = 100_000;
/** Of a long run, this much is counted exactly; its tokens per character give the rest. */
export const RUN_SAMPLE = 1_024;

/** User text may contain `<|endoftext|>` and the like: counted as plain text, never refused. */
const PLAIN_TEXT = { disallowedSpecial: new Set() };

/**
 * gpt-tokenizer's count, loaded on the first count: its encoding tables cost about 50 MB, which a
 * server that has answered no chat yet does not need. The load (a synchronous require of its
 * CommonJS build, so counting stays synchronous) takes a fraction of a second, once.
 * @type {((text: string, options: object) => number) | undefined}
 */
let countTokens;

function loadTokenizer() {
  countTokens ??= /** @type {typeof import('gpt-tokenizer')} */ (require('gpt-tokenizer')).countTokens;
  return countTokens;
}

/**
 * Loads the tokenizer soon, off the current request, so the first chat does not wait for it
 * (called when someone opens the app).
 */
export function prepareTokenizer() {
  if (!countTokens) setImmediate(loadTokenizer);
}

/** The tokenizer's exact count of a piece of text. */
function exactCount(text) {
  return loadTokenizer()(text, PLAIN_TEXT);
}

/** JavaScript's \s: where the tokenizer's pre-tokens break. */
function isSpace(code) {
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * Tokens of a text with OpenAI's o200k encoding, in time linear in its length and bounded
 * overall: long runs are cut into RUN_LIMIT pieces and sampled, and past EXACT_BUDGET exactly
 * counted characters the remainder is estimated. Texts of ordinary words below the budget get
 * the tokenizer's exact count. `encode` (the exact counter) is replaceable for tests.
 */
export function countTokensBounded(text, encode = exactCount) {
  if (!text) return 0;
  let budget = EXACT_BUDGET;
  let exactChars = 0;
  let exactTokens = 0;
  let estimate = 0;
  const exactly = (piece) => {
    const tokens = encode(piece);
    budget -= piece.length;
    exactChars += piece.length;
    exactTokens += tokens;
    return tokens;
  };
  const ratio = () => (exactChars > 0 ? exactTokens / exactChars : 0.25);
  const estimated = (chars) => {
    estimate += chars * ratio();
    return 0;
  };
  /** Ordinary text: exactly while the budget lasts. */
  const span = (from, to) => {
    if (from >= to) return 0;
    if (budget <= 0) return estimated(to - from);
    if (to - from <= budget) return exactly(text.slice(from, to));
    const cut = from + budget;
    return exactly(text.slice(from, cut)) + estimated(to - cut);
  };
  /** A run longer than RUN_LIMIT: a sample counted in pieces, the rest at the sample's ratio. */
  const run = (from, to) => {
    if (budget <= 0) return estimated(to - from);
    const sampleEnd = Math.min(to, from + Math.min(RUN_SAMPLE, budget));
    let tokens = 0;
    for (let at = from; at < sampleEnd; at += RUN_LIMIT)
      tokens += exactly(text.slice(at, Math.min(at + RUN_LIMIT, sampleEnd)));
    const sampled = sampleEnd - from;
    return to > sampleEnd ? tokens + Math.ceil((tokens * (to - sampleEnd)) / sampled) : tokens;
  };

  let total = 0;
  let spanStart = 0;
  let runStart = -1;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && !isSpace(text.charCodeAt(i))) {
      if (runStart < 0) runStart = i;
      continue;
    }
    if (runStart >= 0 && i - runStart > RUN_LIMIT) {
      total += span(spanStart, runStart) + run(runStart, i);
      spanStart = i;
    }
    runStart = -1;
  }
  total += span(spanStart, text.length);
  return total + Math.ceil(estimate);
}
