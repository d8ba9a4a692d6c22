import type { ParleyFile } from '@parley/schema';
import type { CodeRunResult } from './code-runner.ts';

/**
 * A run's result as one text, for the model and for the code block's output: what it printed,
 * then its error, then the files it wrote (by name).
 */
export function formatRunOutput(result: CodeRunResult, attachments: ParleyFile[]): string {
  const parts: string[] = [];
  if (result.stdout) parts.push(`stdout:\n${result.stdout.replace(/\n$/, '')}`);
  if (result.stderr) parts.push(`stderr:\n${result.stderr.replace(/\n$/, '')}`);
  if (result.error) parts.push(`error:\n${result.error.replace(/\n$/, '')}`);
  if (attachments.length > 0) {
    parts.push(`Generated files:\n${attachments.map((file) => `- /mnt/data/${file.filename}`).join('\n')}`);
  }
  return parts.length > 0 ? parts.join('\n\n') : 'The code ran and printed nothing.';
}
