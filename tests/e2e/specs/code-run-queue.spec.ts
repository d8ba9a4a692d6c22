import { test as plainTest } from '@playwright/test';
import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect } from '../support/fixtures.ts';
import { startParley, type RunningServer } from '../support/parley-server.ts';

/**
 * When every code-run slot a user may hold is taken, the Run button's next run waits its turn and
 * says where it is, instead of failing. Two slots: one user holds at most one, so of three endless
 * loops one runs and two wait ("next in line", "1 ahead"); each loop ends at the time limit.
 */
let server: RunningServer;
plainTest.beforeAll(async () => {
  server = await startParley({ env: { CODE_RUN_CONCURRENCY: '2', CODE_RUN_TIMEOUT_MS: '8000' } });
});
plainTest.afterAll(async () => {
  await server?.stop();
});

plainTest('a run that waits for a free slot shows how many runs are ahead', async ({ browser }) => {
  plainTest.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, server.url, 'queue');
  await chooseModel(page, 'echo');
  const loop = (n: number) => ['```js', `// loop ${n}`, 'while (true) {}', '```'].join('\n');
  await send(page, ['Three loops:', loop(1), loop(2), loop(3)].join('\n'));
  await waitIdle(page);
  const blocks = lastAnswer(page).getByTestId('code-block');
  await expect(blocks).toHaveCount(3);

  await blocks.nth(0).getByTestId('run-code').click();
  await expect(blocks.nth(0).getByTestId('run-code')).toBeDisabled();
  await blocks.nth(1).getByTestId('run-code').click();
  await expect(blocks.nth(1).getByTestId('code-run-waiting')).toHaveText(
    'Waiting for a free slot — next in line',
  );
  await blocks.nth(2).getByTestId('run-code').click();
  await expect(blocks.nth(2).getByTestId('code-run-waiting')).toHaveText('Waiting for a free slot — 1 ahead');
  await expect(blocks.nth(0).getByTestId('code-run-waiting')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/code-run-queue.png' });

  // The first loop reaches its time limit; the second starts and the third moves up.
  await expect(blocks.nth(0).getByTestId('code-run-result')).toBeVisible({ timeout: 30_000 });
  await expect(blocks.nth(1).getByTestId('code-run-waiting')).toHaveCount(0);
  await expect(blocks.nth(2).getByTestId('code-run-waiting')).toHaveText(
    'Waiting for a free slot — next in line',
  );
  await context.close();
});
