import type { HighlighterCore, ThemedToken } from 'shiki/core';
import { canonicalLanguage, languageLoader } from './languages';

/**
 * Shiki, loaded on first use with the JavaScript regex engine (no WASM), two themes (light and
 * dark, switched by CSS variables) and each language loaded when a code block first needs it.
 */
let highlighter: Promise<HighlighterCore> | null = null;
const loading = new Map<string, Promise<boolean>>();

function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= (async () => {
    const [{ createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([
      import('shiki/core'),
      import('shiki/engine/javascript'),
    ]);
    return createHighlighterCore({
      engine: createJavaScriptRegexEngine(),
      themes: [import('shiki/themes/github-light.mjs'), import('shiki/themes/github-dark.mjs')],
      langs: [],
    });
  })();
  return highlighter;
}

async function ensureLanguage(core: HighlighterCore, lang: string): Promise<boolean> {
  if (core.getLoadedLanguages().includes(lang)) return true;
  let pending = loading.get(lang);
  if (!pending) {
    pending = (async () => {
      const load = languageLoader(lang);
      if (!load) return false;
      const module = (await load()) as { default: unknown };
      await core.loadLanguage(module.default as never);
      return true;
    })().catch(() => false);
    loading.set(lang, pending);
  }
  return pending;
}

export type HighlightedLine = { content: string; style: Record<string, string> }[];

/** Tokens per line for a known language; null when the language is unknown or loading failed. */
export async function highlight(code: string, lang: string): Promise<HighlightedLine[] | null> {
  const name = canonicalLanguage(lang);
  if (!name) return null;
  const core = await getHighlighter();
  if (!(await ensureLanguage(core, name))) return null;
  const { tokens } = core.codeToTokens(code, {
    lang: name,
    themes: { light: 'github-light', dark: 'github-dark' },
    defaultColor: false,
  });
  return tokens.map((line: ThemedToken[]) =>
    line.map((token) => ({
      content: token.content,
      style: (token.htmlStyle ?? {}) as Record<string, string>,
    })),
  );
}
