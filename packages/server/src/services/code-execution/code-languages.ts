/** The engines this server runs code with: Pyodide for Python, QuickJS for JavaScript. */
export type CodeEngine = 'python' | 'javascript';

/** A run request's language, resolved: the engine, and whether the code is TypeScript to strip first. */
export interface RunnableLanguage {
  engine: CodeEngine;
  typescript: boolean;
}

/** The spec's language names and their short forms, by the engine that runs them. */
const RUNNABLE: Record<string, RunnableLanguage> = {
  python: { engine: 'python', typescript: false },
  py: { engine: 'python', typescript: false },
  python3: { engine: 'python', typescript: false },
  node: { engine: 'javascript', typescript: false },
  nodejs: { engine: 'javascript', typescript: false },
  javascript: { engine: 'javascript', typescript: false },
  js: { engine: 'javascript', typescript: false },
  mjs: { engine: 'javascript', typescript: false },
  typescript: { engine: 'javascript', typescript: true },
  ts: { engine: 'javascript', typescript: true },
};

/** Languages the code-run tool is specified for that no engine here runs (a clear refusal, not a failure). */
export const UNSUPPORTED_LANGUAGES = ['rust', 'go', 'c', 'c++', 'cpp', 'php', 'fortran', 'r'] as const;

/** The names a run may give, for messages and the tool's description. */
export const RUNNABLE_LANGUAGE_NAMES = Object.keys(RUNNABLE);

/** How a language name resolves: an engine, a known language not run here, or an unknown name. */
export type LanguageLookup =
  | { kind: 'runnable'; language: RunnableLanguage }
  | { kind: 'unsupported'; name: string }
  | { kind: 'unknown'; name: string };

export function lookUpLanguage(name: string): LanguageLookup {
  const key = name.trim().toLowerCase();
  const language = Object.hasOwn(RUNNABLE, key) ? RUNNABLE[key] : undefined;
  if (language) return { kind: 'runnable', language };
  if ((UNSUPPORTED_LANGUAGES as readonly string[]).includes(key)) return { kind: 'unsupported', name: key };
  return { kind: 'unknown', name: key };
}
