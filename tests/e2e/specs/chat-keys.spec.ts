import { startSimulator, type SimServer } from '@parley/llm-sim';
import { lastAnswer, send, waitIdle } from '../support/chat.ts';
import { expect, loginViaUi, registerViaApi, test, uniqueUser } from '../support/fixtures.ts';
import { startParley, type RunningServer } from '../support/parley-server.ts';

// A server of its own whose only endpoint asks each user for their key.
let sim: SimServer;
let server: RunningServer;

test.beforeAll(async () => {
  sim = await startSimulator({ host: '127.0.0.1', port: 0 });
  server = await startParley({
    yaml: `version: 1.2.8
endpoints:
  custom:
    - name: Keyed
      apiKey: user_provided
      baseURL: ${sim.url}/v1
      models:
        default: [echo]
        fetch: false
`,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await sim?.close();
});

test('a user_provided endpoint: the box waits for a key, which is set with an expiry and revoked', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const user = uniqueUser('keys');
  await registerViaApi(server.url, user);
  await loginViaUi(page, user);

  const input = page.getByTestId('chat-input');
  await expect(input).toBeDisabled();
  await expect(input).toHaveAttribute('placeholder', 'Set your API key for this endpoint to start chatting');

  await page.getByTestId('set-key').click();
  const dialog = page.getByTestId('key-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('key-value').fill('sk-my-own-key');
  await dialog.getByRole('combobox').selectOption({ label: '7 days' });
  await dialog.getByTestId('key-save').click();
  await expect(dialog).toHaveCount(0);
  await expect(input).toBeEnabled();
  await expect(page.getByTestId('set-key')).toContainText('Key set');

  await send(page, 'Hello with my key');
  await expect(lastAnswer(page)).toContainText('Hello with my key');
  await waitIdle(page);

  await page.getByTestId('set-key').click();
  await expect(page.getByTestId('key-dialog')).toContainText('Your key expires on');
  await page.getByTestId('key-revoke').click();
  await expect(page.getByTestId('key-dialog')).toHaveCount(0);
  await expect(input).toBeDisabled();
  await context.close();
});
