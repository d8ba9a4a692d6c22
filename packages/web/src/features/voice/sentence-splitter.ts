import { speakableText } from '@parley/schema';

/**
 * The longest piece spoken in one request when the text has no sentence end: a run without
 * punctuation (a long list line, a model that never stops a sentence) is cut at a space before
 * this many characters, so speech does not wait for the whole answer.
 */
export const MAX_SENTENCE_CHARS = 220;

/**
 * Words that end with a full stop without ending a sentence ("Dr. Smith", "e.g. this"). Compared
 * in lower case, without their last full stop.
 */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'mt',
  'vs',
  'cf',
  'approx',
  'fig',
  'no',
  'inc',
  'ltd',
  'co',
  'e.g',
  'i.e',
  'u.s',
  'a.m',
  'p.m',
]);

const SENTENCE_END = /[.!?…]/;
/** What may follow a sentence's end mark before the space: more marks, quotes, brackets, emphasis. */
const CLOSING = /[.!?…"'”’)\]*_]/;
const FENCE = '```';

/** Raw pieces of markdown that end sentences, and where the unread rest begins. */
interface Cut {
  pieces: string[];
  next: number;
}

/**
 * Cuts `text` from `from` into complete sentences. A sentence ends at `.`, `!`, `?` or `…` followed
 * by a space (so a decimal "3.14" or a name "example.com" never ends one, and a mark at the very
 * end waits for what follows unless the text is `final`), or at a line break; an abbreviation, an
 * initial or a list number before the full stop does not end it. A fenced code block ends the
 * sentence before it and is skipped whole (an unclosed one waits). A run longer than
 * MAX_SENTENCE_CHARS is cut at its last space.
 */
export function cutSentences(text: string, from: number, final: boolean): Cut {
  const pieces: string[] = [];
  let start = from;
  let i = from;
  const emit = (end: number, next: number) => {
    pieces.push(text.slice(start, end));
    start = next;
    i = next;
  };
  while (i < text.length) {
    if (atLineStart(text, i) && text.startsWith(FENCE, firstNonSpace(text, i))) {
      const after = fenceEnd(text, firstNonSpace(text, i), final);
      if (after === null) return { pieces: withText(pieces, text.slice(start, i)), next: i };
      emit(i, after);
      continue;
    }
    const char = text[i]!;
    if (char === '\n') {
      emit(i, i + 1);
      continue;
    }
    if (SENTENCE_END.test(char)) {
      let j = i + 1;
      while (j < text.length && CLOSING.test(text[j]!)) j += 1;
      if (j === text.length && !final) return { pieces: nonEmpty(pieces), next: start };
      if ((j === text.length || /\s/.test(text[j]!)) && !(char === '.' && keepsSentence(text, start, i))) {
        emit(j, j);
        continue;
      }
      i = j;
      continue;
    }
    if (i - start >= MAX_SENTENCE_CHARS) {
      const space = text.lastIndexOf(' ', i);
      if (space > start + MAX_SENTENCE_CHARS / 2) emit(space, space + 1);
      else emit(i, i);
      continue;
    }
    i += 1;
  }
  if (final && start < text.length) emit(text.length, text.length);
  return { pieces: nonEmpty(pieces), next: start };
}

/** Whether the full stop at `dot` belongs to an abbreviation, an initial or a list number. */
function keepsSentence(text: string, sentenceStart: number, dot: number): boolean {
  let k = dot;
  while (k > sentenceStart && /[\p{L}\p{N}.]/u.test(text[k - 1]!)) k -= 1;
  const word = text.slice(k, dot);
  if (ABBREVIATIONS.has(word.toLowerCase())) return true;
  if (/^\p{Lu}$/u.test(word)) return true;
  return /^\d+$/.test(word) && text.slice(sentenceStart, k).trim() === '';
}

function atLineStart(text: string, i: number): boolean {
  return i === 0 || text[i - 1] === '\n';
}

function firstNonSpace(text: string, i: number): number {
  let k = i;
  while (k < text.length && k - i < 4 && text[k] === ' ') k += 1;
  return k;
}

/** Where the text goes on after the code block opening at `open`; null while it is unfinished. */
function fenceEnd(text: string, open: number, final: boolean): number | null {
  const close = text.indexOf(`\n${FENCE}`, open + FENCE.length);
  if (close === -1) return final ? text.length : null;
  const lineEnd = text.indexOf('\n', close + 1 + FENCE.length);
  if (lineEnd === -1) return final ? text.length : null;
  return lineEnd + 1;
}

function withText(pieces: string[], last: string): string[] {
  return nonEmpty([...pieces, last]);
}

function nonEmpty(pieces: string[]): string[] {
  return pieces.filter((piece) => piece.trim() !== '');
}

/** Whether a piece has anything to say (a letter or a digit once the markdown is gone). */
function sayable(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

/**
 * Follows a streaming answer: given its whole text so far each time (it only grows), answers the
 * sentences completed since the last call, as plain words ready to be spoken.
 */
export class SentenceSplitter {
  private read = 0;

  /** The sentences the text completes since the last call. */
  next(text: string): string[] {
    return this.take(text, false);
  }

  /** The text is final: its last sentences, complete or not. */
  finish(text: string): string[] {
    return this.take(text, true);
  }

  private take(text: string, final: boolean): string[] {
    // The text was replaced by a shorter one (a reconnect resent it): go on from its end.
    if (text.length < this.read) this.read = text.length;
    const cut = cutSentences(text, this.read, final);
    this.read = cut.next;
    return cut.pieces.map(speakableText).filter(sayable);
  }
}
