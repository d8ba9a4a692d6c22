import { startSimulator, type SimServer } from '@parley/llm-sim';
import type { Page } from '@playwright/test';
import { send, signIn, waitIdle } from '../support/chat.ts';
import { expect, loginViaApi, test } from '../support/fixtures.ts';
import { CREATE_OWNER, startParley, type RunningServer } from '../support/parley-server.ts';

// A server of its own whose first account (created by the admin CLI) is the administrator.
let sim: SimServer;
let server: RunningServer;
const owner = { email: CREATE_OWNER[1]!, password: CREATE_OWNER[4]!, name: 'E2E Owner', username: 'owner' };

test.beforeAll(async () => {
  test.setTimeout(300_000);
  sim = await startSimulator({ host: '127.0.0.1', port: 0 });
  server = await startParley({
    admin: [CREATE_OWNER],
    yaml: `version: 1.2.8
endpoints:
  custom:
    - name: Metered
      apiKey: sim
      baseURL: ${sim.url}/v1
      models: { default: [echo], fetch: false }
`,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await sim?.close();
});

async function ownerPage(page: Page) {
  await loginViaApi(page, server.url, owner as never);
  await page.goto(`${server.url}/c/new`);
  await expect(page.getByTestId('chat-input')).toBeVisible();
}

test('an administrator sees usage by user, model and endpoint, and sets a budget', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await ownerPage(page);
  await send(page, 'Hello from the console test');
  await waitIdle(page);
  const byModel = page.getByTestId('usage-section-model');
  // The answer's usage is recorded when it is saved, which can end just after the page is idle.
  await expect(async () => {
    await page.goto(`${server.url}/admin/usage`);
    await expect(byModel.getByRole('cell', { name: 'echo' })).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('usage-section-user').getByRole('cell', { name: owner.email })).toBeVisible();
  await expect(page.getByTestId('usage-section-group')).toContainText('Groups do not exist');
  await expect(byModel.getByTestId('usage-chart')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('usage-desktop.png'), fullPage: true });
  const download = page.waitForEvent('download');
  await byModel.getByTestId('usage-csv').click();
  expect((await download).suggestedFilename()).toMatch(/^usage-model-.*\.csv$/);

  await page.getByRole('link', { name: 'Budgets' }).click();
  const form = page.getByTestId('budget-form');
  await form.getByLabel('Applies to').selectOption('default');
  await form.getByLabel('Hard limit (tokens)').fill('500000');
  await form.getByTestId('budget-save').click();
  await expect(page.getByTestId('budgets-table')).toContainText('Everyone (default)');
  await expect(page.getByTestId('budgets-table')).toContainText('500,000 tokens');
  await page.screenshot({ path: test.info().outputPath('budgets-desktop.png'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('budgets-phone.png'), fullPage: true });
  await page.goto(`${server.url}/admin/usage`);
  await expect(page.getByTestId('usage-section-model').getByRole('cell', { name: 'echo' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('usage-phone.png'), fullPage: true });
});

test('a user who is not an administrator is sent to the chat', async ({ page }) => {
  await signIn(page, server.url, 'not-admin');
  await page.goto(`${server.url}/admin/usage`);
  await page.waitForURL('**/c/new');
  await expect(page.getByTestId('usage-tab')).toHaveCount(0);
});
