/// <reference lib="webworker" />
import type { HighlighterCore, ThemedToken } from 'shiki/core';
import { canonicalLanguage, languageLoader } from './languages';

/**
 * Highlighting runs here, off the main thread: compiling a grammar and tokenising can take
 * longer than a frame, which would stall a streaming answer or scrolling.
 */
let core: Promise<HighlighterCore> | null = null;

function highlighter(): Promise<HighlighterCore> {
  core ??= (async () => {
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
  return core;
}

async function tokens(code: string, label: string) {
  const lang = canonicalLanguage(label);
  const load = lang ? languageLoader(lang) : undefined;
  if (!lang || !load) return null;
  const h = await highlighter();
  if (!h.getLoadedLanguages().includes(lang)) {
    const module = (await load()) as { default: unknown };
    await h.loadLanguage(module.default as never);
  }
  const result = h.codeToTokens(code, {
    lang,
    themes: { light: 'github-light', dark: 'github-dark' },
    defaultColor: false,
  });
  return result.tokens.map((line: ThemedToken[]) =>
    line.map((t) => ({ content: t.content, style: (t.htmlStyle ?? {}) as Record<string, string> })),
  );
}

self.onmessage = (event: MessageEvent<{ id: number; code: string; lang: string }>) => {
  const { id, code, lang } = event.data;
  tokens(code, lang)
    .then((lines) => self.postMessage({ id, lines }))
    .catch(() => self.postMessage({ id, lines: null }));
};
