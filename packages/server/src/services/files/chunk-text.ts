/** Chunks hold about this many characters: a passage a model can quote, small enough to rank. */
export const CHUNK_CHARS = 1500;
/** Neighbouring chunks share this much text, so a sentence cut at a border is found whole once. */
export const CHUNK_OVERLAP = 200;

/** A passage of a document and where its first character is in the document's text. */
export interface TextChunk {
  text: string;
  start: number;
}

/**
 * Splits a document's text into passages of at most `size` characters, cutting at a paragraph,
 * line or word border near the end where there is one, each starting `overlap` characters before
 * the previous one ended. Blank chunks are left out.
 */
export function chunkText(text: string, size = CHUNK_CHARS, overlap = CHUNK_OVERLAP): string[] {
  return chunkSpans(text, size, overlap).map((chunk) => chunk.text);
}

/** chunkText's passages with where each starts in `text` (after its leading blanks). */
export function chunkSpans(text: string, size = CHUNK_CHARS, overlap = CHUNK_OVERLAP): TextChunk[] {
  const chunks: TextChunk[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + size, text.length);
    if (end < text.length) {
      const window = text.slice(start + Math.floor(size / 2), end);
      const cut = Math.max(window.lastIndexOf('\n\n'), window.lastIndexOf('\n'), window.lastIndexOf(' '));
      if (cut > 0) end = start + Math.floor(size / 2) + cut + 1;
    }
    const raw = text.slice(start, end);
    const chunk = raw.trim();
    if (chunk) chunks.push({ text: chunk, start: start + (raw.length - raw.trimStart().length) });
    if (end >= text.length) break;
    start = Math.max(end - overlap, start + 1);
  }
  return chunks;
}

/** The page (from 1) holding the character at `offset`, given where each page starts. */
export function pageAt(pageStarts: readonly number[], offset: number): number {
  let low = 0;
  let high = pageStarts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (pageStarts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}
