import { stripVTControlCharacters } from 'node:util';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** At most this many lines of each failure are repeated at the end of the run. */
const LINES_PER_FAILURE = 40;

/** A failed attempt, as it will be printed. */
interface FailedAttempt {
  test: TestCase;
  text: string;
}

function describeAttempt(test: TestCase, result: TestResult): string {
  const where = `${test.location.file.replace(/^.*\/tests\/e2e\//, '')}:${test.location.line}`;
  const errors = result.errors.map((e) => stripVTControlCharacters(e.message ?? e.value ?? ''));
  const at = result.errors.flatMap((e) => (e.location ? [`at ${e.location.file}:${e.location.line}`] : []));
  const attempt = result.retry > 0 ? `, attempt ${result.retry + 1}` : '';
  return [`✘ ${where} › ${test.title} (${result.status}${attempt}, ${result.duration} ms)`, ...errors, ...at]
    .join('\n')
    .split('\n')
    .slice(0, LINES_PER_FAILURE)
    .map((line) => `  ${line}`)
    .join('\n');
}

/**
 * Repeats each failed attempt's error (message, expectation, the spec line that failed) once more
 * after the run's summary: the tests that failed, then the flaky ones (failed, then passed on
 * their retry), which stay visible instead of passing silently. The line reporter prints an error
 * when its test fails, in the middle of a long log; a CI system that keeps only the log's tail
 * would otherwise keep a failed test's name without what went wrong.
 */
export default class FailureSummaryReporter implements Reporter {
  private readonly attempts: FailedAttempt[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    this.attempts.push({ test, text: describeAttempt(test, result) });
  }

  onEnd(_result: FullResult): void {
    const failed = this.attempts.filter((a) => a.test.outcome() === 'unexpected');
    const flaky = this.attempts.filter((a) => a.test.outcome() === 'flaky');
    if (failed.length > 0) {
      console.log(`\nWhat failed (${failed.length}):\n`);
      console.log(failed.map((a) => a.text).join('\n\n'));
    }
    if (flaky.length > 0) {
      console.log(`\nFlaky: failed, then passed on a retry (${flaky.length}):\n`);
      console.log(flaky.map((a) => a.text).join('\n\n'));
    }
  }

  printsToStdio(): boolean {
    return true;
  }
}
