/** The `lang` cookie: the language setting as last chosen in this browser, kept 365 days. */
const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The cookie's language setting, or undefined when there is none — also where cookies cannot be
 * read: a sandboxed frame throws on `document.cookie`, and code that imports the settings store
 * outside a browser (unit tests) has no document at all.
 */
export function readLanguageCookie(): string | undefined {
  let cookies: string;
  try {
    cookies = document.cookie;
  } catch {
    return undefined;
  }
  const value = /(?:^|;\s*)lang=([^;]*)/.exec(cookies)?.[1];
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

export function writeLanguageCookie(setting: string): void {
  document.cookie = `lang=${encodeURIComponent(setting)}; max-age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; path=/; SameSite=Lax`;
}
