/** The most characters one request to a speech service carries (OpenAI's input limit is 4096). */
export const SPEECH_CHUNK_CHARS = 4000;

/**
 * The text cut into pieces of at most `max` characters, at sentence ends where possible (else at
 * a space, else anywhere), so each piece can be one request and playback starts after the first.
 */
export function speechChunks(text: string, max = SPEECH_CHUNK_CHARS): string[] {
  const chunks: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const sentenceEnd = Math.max(...['. ', '! ', '? ', '\n'].map((mark) => window.lastIndexOf(mark)));
    const cut =
      sentenceEnd > max / 3 ? sentenceEnd + 1 : window.lastIndexOf(' ') > 0 ? window.lastIndexOf(' ') : max;
    chunks.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) chunks.push(rest);
  return chunks;
}
