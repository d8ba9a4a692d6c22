/**
 * Whether a picture address appears in a shared conversation's messages, so the share's image
 * proxy fetches only what the shared messages themselves link (never any address a viewer names).
 * The address must stand in some text of the messages as a whole address: the characters after
 * it end it (end of text, a space, or the `)`, `>`, quote or bracket that closes a Markdown or
 * HTML link), so a shorter address cut from a longer one does not count. The web app sends the
 * address as the Markdown renderer normalised it (non-ASCII characters and spaces
 * percent-encoded) and made absolute, so its decoded and scheme-less forms are looked for too.
 */
export function shareLinksImage(messages: unknown[], url: string): boolean {
  // A protocol-relative `//host/…` address in a message reaches the proxy with the page's scheme.
  const withoutScheme = url.replace(/^https?:/i, '');
  const forms = new Set([url, safeDecode(url), withoutScheme, safeDecode(withoutScheme)]);
  for (const text of textsOf(messages)) {
    for (const form of forms) if (form && containsWhole(text, form)) return true;
  }
  return false;
}

const ENDS_ADDRESS = /[\s)>"'\]]/;

function containsWhole(text: string, address: string): boolean {
  for (let at = text.indexOf(address); at !== -1; at = text.indexOf(address, at + 1)) {
    const next = text[at + address.length];
    if (next === undefined || ENDS_ADDRESS.test(next)) return true;
  }
  return false;
}

function safeDecode(url: string): string | null {
  try {
    return decodeURI(url);
  } catch {
    return null;
  }
}

/**
 * Every string inside the messages: their text, content parts and attachments (a web search's
 * picture results travel there).
 */
function* textsOf(value: unknown, depth = 0): Generator<string> {
  if (depth > 12) return;
  if (typeof value === 'string') yield value;
  else if (value && typeof value === 'object')
    for (const item of Object.values(value)) yield* textsOf(item, depth + 1);
}
