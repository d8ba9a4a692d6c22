/**
 * The language names a code block may carry that this server's engines run: Python (Pyodide) and
 * JavaScript or TypeScript (QuickJS). The Run button shows only on these; the server accepts the
 * same names and answers "not supported here" for the spec's other run languages.
 */
export const RUN_CODE_LANGUAGES = {
  python: ['python', 'py', 'python3'],
  javascript: ['node', 'nodejs', 'javascript', 'js', 'mjs'],
  typescript: ['typescript', 'ts'],
} as const;

const RUNNABLE = new Set<string>(Object.values(RUN_CODE_LANGUAGES).flat());

/** Whether a code block's language (its fence's info word) names a language the server runs. */
export function isRunnableLanguage(lang: string): boolean {
  return RUNNABLE.has(lang.trim().toLowerCase());
}
