/** Chunks hold about this many characters: a passage a model can quote, small enough to rank. */
export const CHUNK_CHARS = 1500;
/** Neighbouring chunks share this much text, so a sentence cut at a border is found whole once. */
export const CHUNK_OVERLAP = 200;

/**
 * Splits a document's text into passages of at most `size` characters, cutting at a paragraph,
 * line or word border near the end where there is one, each starting `overlap` characters before
 * the previous one ended. Blank chunks are left out.
 */
export function chunkText(text: string, size = CHUNK_CHARS, overlap = CHUNK_OVERLAP): string[] {
  const chunks: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + size, text.length);
    if (end < text.length) {
      const window = text.slice(start + Math.floor(size / 2), end);
      const cut = Math.max(window.lastIndexOf('\n\n'), window.lastIndexOf('\n'), window.lastIndexOf(' '));
      if (cut > 0) end = start + Math.floor(size / 2) + cut + 1;
    }
    const chunk = text.slice(start, end).trim();
    if (chunk) chunks.push(chunk);
    if (end >= text.length) break;
    start = Math.max(end - overlap, start + 1);
  }
  return chunks;
}
