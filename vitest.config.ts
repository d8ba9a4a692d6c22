import { defineConfig } from 'vitest/config';

// One vitest run covers the unit and API tests of every package; browser specs live in tests/e2e
// and run under Playwright instead.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
