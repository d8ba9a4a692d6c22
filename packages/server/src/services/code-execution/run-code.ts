import { badRequest } from '../../errors/app-error.ts';
import { lookUpLanguage } from './code-languages.ts';
import type { CodeRunner, CodeRunResult } from './code-runner.ts';

/**
 * Runs `code` written in `lang` (a spec name or short form). TypeScript loses its types first
 * (esbuild, in the server: nothing of the code runs there) and then runs as JavaScript. A
 * language this server has no engine for is refused with a clear "not supported here".
 */
export async function runCode(runner: CodeRunner, lang: string, code: string): Promise<CodeRunResult> {
  const lookup = lookUpLanguage(lang);
  if (lookup.kind === 'unsupported') {
    throw badRequest(
      `Running ${lookup.name} code is not supported here: this server runs Python, JavaScript and TypeScript.`,
    );
  }
  if (lookup.kind === 'unknown') {
    throw badRequest(
      `Unknown language "${lookup.name}": this server runs Python (python, py), JavaScript (node, javascript, js) and TypeScript (typescript, ts).`,
    );
  }
  const { engine, typescript } = lookup.language;
  if (!typescript) return runner.run(engine, code);
  const javascript = await stripTypes(code);
  if ('error' in javascript)
    return { stdout: '', stderr: '', error: javascript.error, files: [], durationMs: 0 };
  return runner.run(engine, javascript.code);
}

async function stripTypes(code: string): Promise<{ code: string } | { error: string }> {
  try {
    // esbuild loads on the first TypeScript run: an idle server does not hold it.
    const { transform } = await import('esbuild');
    const result = await transform(code, { loader: 'ts', target: 'es2022', logLevel: 'silent' });
    return { code: result.code };
  } catch (err) {
    const errors = (err as { errors?: { text: string; location?: { line: number; column: number } }[] })
      .errors;
    const lines = (errors ?? []).map((e) =>
      e.location ? `${e.location.line}:${e.location.column}: ${e.text}` : e.text,
    );
    return { error: `SyntaxError: ${lines.join('\n') || String(err)}` };
  }
}
