import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** How many spec files the summary names. */
const LISTED = 12;

/**
 * Prints, after the run, the spec files that took longest (every attempt's duration summed, in
 * test time rather than wall time, so two workers count twice), so a CI log shows where the
 * browser suite's minutes go and which spec to shorten next. CI's budget is 30 minutes.
 */
export default class SlowestSpecsReporter implements Reporter {
  private readonly msBySpec = new Map<string, number>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const spec = test.location.file.replace(/^.*\/tests\/e2e\//, '');
    this.msBySpec.set(spec, (this.msBySpec.get(spec) ?? 0) + result.duration);
  }

  onEnd(): void {
    const rows = [...this.msBySpec].sort((a, b) => b[1] - a[1]);
    const total = rows.reduce((sum, [, ms]) => sum + ms, 0);
    if (rows.length === 0) return;
    console.log(`\nSlowest spec files (test time; all specs together ${Math.round(total / 1000)} s):`);
    for (const [spec, ms] of rows.slice(0, LISTED))
      console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${spec}`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
