import { stripVTControlCharacters } from 'node:util';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** At most this many lines of each failure are repeated at the end of the run. */
const LINES_PER_FAILURE = 40;

/**
 * Repeats each failed test's error (message, expectation, the spec line that failed) once more
 * after the run's summary. The line reporter prints an error when its test fails, in the middle
 * of a long log; a CI system that keeps only the log's tail would otherwise keep a failed test's
 * name without what went wrong.
 */
export default class FailureSummaryReporter implements Reporter {
  private readonly failures: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    const where = `${test.location.file.replace(/^.*\/tests\/e2e\//, '')}:${test.location.line}`;
    const errors = result.errors.map((e) => stripVTControlCharacters(e.message ?? e.value ?? ''));
    const at = result.errors.flatMap((e) => (e.location ? [`at ${e.location.file}:${e.location.line}`] : []));
    const text = [`✘ ${where} › ${test.title} (${result.status}, ${result.duration} ms)`, ...errors, ...at]
      .join('\n')
      .split('\n')
      .slice(0, LINES_PER_FAILURE)
      .map((line) => `  ${line}`)
      .join('\n');
    this.failures.push(text);
  }

  onEnd(_result: FullResult): void {
    if (this.failures.length === 0) return;
    console.log(`\nWhat failed (${this.failures.length}):\n`);
    console.log(this.failures.join('\n\n'));
  }

  printsToStdio(): boolean {
    return true;
  }
}
