import { defineConfig, devices } from '@playwright/test';

/**
 * Browser suite: Debian's Chromium (never a downloaded browser) against the real server, which the
 * global setup starts on a free port with a fresh data directory.
 */
export default defineConfig({
  testDir: './specs',
  // Several people may run the suite at once in one checkout: PW_OUTPUT_DIR keeps runs apart.
  outputDir: process.env.PW_OUTPUT_DIR ?? '../../test-results/e2e',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  // In CI a test that fails is run once more: a browser suite of 200 tests on a loaded 2-core
  // machine meets timing it cannot control, and a failure that comes back fails the run. A test
  // that passes on its retry is still listed, with its first error, at the end of the log.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // In CI the slowest specs are listed, then each failure's error is repeated after the summary,
  // where a log's tail still shows it.
  reporter: process.env.CI
    ? [['line'], ['./support/slowest-specs-reporter.ts'], ['./support/failure-summary-reporter.ts']]
    : [['list']],
  use: {
    baseURL: process.env.PARLEY_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
