import { RUN_CODE_LANGUAGES } from '@parley/schema';

/** The engines this server runs code with: Pyodide for Python, QuickJS for JavaScript. */
export type CodeEngine = 'python' | 'javascript';

/** A run request's language, resolved: the engine, and whether the code is TypeScript to strip first. */
export interface RunnableLanguage {
  engine: CodeEngine;
  typescript: boolean;
}

/** The spec's language names and their short forms (shared with the web's Run button), by engine. */
const RUNNABLE: Record<string, RunnableLanguage> = Object.fromEntries([
  ...RUN_CODE_LANGUAGES.python.map((name) => [name, { engine: 'python', typescript: false }] as const),
  ...RUN_CODE_LANGUAGES.javascript.map(
    (name) => [name, { engine: 'javascript', typescript: false }] as const,
  ),
  ...RUN_CODE_LANGUAGES.typescript.map((name) => [name, { engine: 'javascript', typescript: true }] as const),
]);

/** Languages the code-run tool is specified for that no engine here runs (a clear refusal, not a failure). */
export const UNSUPPORTED_LANGUAGES = ['rust', 'go', 'c', 'c++', 'cpp', 'php', 'fortran', 'r'] as const;

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
