import { startSimulator, type SimServer } from '@parley/llm-sim';
import type { Browser, Page } from '@playwright/test';
import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { startParley, type RunningServer } from '../support/parley-server.ts';
import { expectEveryTabFilledAndOneSize } from '../support/settings-dialog.ts';

// A server of its own that keeps balances: echo costs 2 credits a prompt token and 4 a
// completion token; `pricey` holds far more than the start balance, so it is refused.
let sim: SimServer;
let server: RunningServer;

test.beforeAll(async () => {
  // A server of its own starts cold; on a shared machine that can take minutes.
  test.setTimeout(300_000);
  sim = await startSimulator({ host: '127.0.0.1', port: 0 });
  server = await startParley({
    yaml: `version: 1.2.8
endpoints:
  custom:
    - name: Metered
      apiKey: sim
      baseURL: ${sim.url}/v1
      models: { default: [echo, pricey], fetch: false }
balance:
  enabled: true
  startBalance: 20000
  autoRefillEnabled: true
  refillIntervalValue: 30
  refillIntervalUnit: days
  refillAmount: 10000
  prices:
    echo: { prompt: 2, completion: 4 }
    pricey: { prompt: 100, completion: 100 }
`,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await sim?.close();
});

async function signedIn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signIn(page, server.url, 'balance');
  return page;
}

async function openBalanceTab(page: Page) {
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const dialog = page.getByTestId('settings-dialog');
  await dialog.getByRole('tab', { name: 'Balance' }).click();
  return dialog;
}

test('an answer shows its figures and cost; the Balance tab shows credits, refill and spend by model', async ({
  browser,
}) => {
  const page = await signedIn(browser);
  await chooseModel(page, 'echo');
  await send(page, 'what does this cost?');
  await waitIdle(page);
  const figures = lastAnswer(page).getByTestId('answer-figures');
  await expect(figures).toContainText('s to first token');
  await expect(figures).toContainText(/\d+ → \d+ tokens/);
  await expect(figures).toContainText(/[\d.,]+ credits$/);
  const line = (await figures.textContent())!;
  const [, prompt, completion] = /(\d+) → (\d+) tokens/.exec(line)!;
  const cost = Number(prompt) * 2 + Number(completion) * 4;
  expect(line).toContain(`${cost.toLocaleString('en-US', { maximumFractionDigits: 2 })} credits`);

  const dialog = await openBalanceTab(page);
  const left = (20000 - cost).toLocaleString('en-US', { minimumFractionDigits: 2 });
  await expect(dialog.getByTestId('balance-credits')).toHaveText(left);
  await expect(dialog.getByTestId('balance-refill')).toContainText('10,000.00 credits every 30 days');
  const spend = dialog.getByTestId('balance-spend');
  await expect(spend).toContainText('echo');
  await expect(spend.locator('tbody tr')).toHaveCount(1);
  await expect(spend.locator('tbody tr td').nth(1)).toHaveText('1');
  await page.screenshot({ path: test.info().outputPath('balance-tab.png') });
  // With balances on, every tab (Balance too) still has content and the dialog keeps its size.
  expect(await expectEveryTabFilledAndOneSize(dialog)).toContain('Balance');
});

test('a request the balance does not cover shows the Insufficient Funds message and is not charged', async ({
  browser,
}) => {
  const page = await signedIn(browser);
  await chooseModel(page, 'pricey');
  await send(page, 'this is far too expensive');
  await expect(
    page.getByText(/Insufficient Funds! Balance: 20,?000\. Prompt tokens: \d+\. Cost: \d+/),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('token-balance-error.png') });
  const dialog = await openBalanceTab(page);
  await expect(dialog.getByTestId('balance-credits')).toHaveText('20,000.00');
  await expect(dialog.getByText('Nothing spent yet.')).toBeVisible();
});
