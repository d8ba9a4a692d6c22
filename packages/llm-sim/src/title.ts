// A cheap conversation title: the first few words of a text, cleaned of markdown and punctuation.
// Used by the `title` behaviour and by the server's offline Demo endpoint.

const MAX_WORDS = 6;
const MAX_LENGTH = 60;
const FALLBACK_TITLE = 'New Chat';

export function simTitle(text: string): string {
  const words = text
    .split(/\s+/)
    .map(trimPunctuation)
    .filter((word) => word.length > 0)
    .slice(0, MAX_WORDS);
  if (words.length === 0) return FALLBACK_TITLE;
  const title = capitalize(clampLength(words));
  return trimPunctuation(title) || FALLBACK_TITLE;
}

/** Strips symbols around a word (`**bold**`, `"quoted",`, `# Heading`) but keeps inner ones (`Node.js`). */
function trimPunctuation(word: string): string {
  return word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

/** Drops whole words past the limit; a single over-long word is cut. */
function clampLength(words: string[]): string {
  let title = words[0]!.slice(0, MAX_LENGTH);
  for (const word of words.slice(1)) {
    if (title.length + 1 + word.length > MAX_LENGTH) break;
    title += ` ${word}`;
  }
  return title;
}

function capitalize(title: string): string {
  return title.charAt(0).toUpperCase() + title.slice(1);
}
