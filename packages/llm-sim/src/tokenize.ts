// Splits text into the "tokens" the simulator paces and counts. Not a real BPE tokenizer: a cheap,
// deterministic stand-in whose pieces always concatenate back to the exact input.

// Order matters: leading whitespace (only possible at the very start, since every other piece
// swallows the whitespace after it), CJK characters one by one (those scripts use no spaces), words
// capped at 16 characters so a long identifier or URL is still paced, and runs of punctuation.
const TOKEN_PATTERN =
  /^\s+|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]\s*|[\p{L}\p{N}\p{M}_]{1,16}\s*|[^\p{L}\p{N}\p{M}_\s]+\s*/gu;

export function tokenize(text: string): string[] {
  return text.match(TOKEN_PATTERN) ?? [];
}

export function countTokens(text: string): number {
  return tokenize(text).length;
}
