import { lastAnswer, send, waitIdle } from '../support/chat.ts';
import { expect, loginViaUi, registerViaApi, test, uniqueUser } from '../support/fixtures.ts';
import { startParley, type RunningServer } from '../support/parley-server.ts';
import {
  PUBLIC_TEST_HOST,
  startTestApi,
  weatherActionSpec as spec,
  type TestApi,
} from '../support/weather-api.ts';

// A server of its own that treats 127.0.0.2 as a public host (as an operator's allow-list would a
// real one), and a weather API there that wants a Bearer key. Loopback stays refused.
const KEY = 'e2e-weather-key';
/** A 1×1 PNG. */
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
let api: TestApi;
let server: RunningServer;

test.beforeAll(async () => {
  api = await startTestApi((req, res) => {
    const url = new URL(req.url!, 'http://x');
    if (req.headers.authorization !== `Bearer ${KEY}`) {
      res.writeHead(401);
      return res.end('missing key');
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ location: url.searchParams.get('location'), sky: 'clear', temp: 21 }));
  });
  server = await startParley({ env: { USER_BASE_URL_ALLOWLIST: PUBLIC_TEST_HOST } });
});
test.afterAll(async () => {
  await server?.stop();
  api?.close();
});

test('an agent action: a private server is refused, a saved one is called with its key in a chat', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const user = uniqueUser('actions');
  await registerViaApi(server.url, user);
  await loginViaUi(page, user);

  await page.getByTestId('side-panel-rail').getByTestId('open-agents-panel').click();
  const builder = page.getByTestId('agent-builder');
  await builder.getByTestId('agent-name').fill('Weather agent');
  await builder.getByTestId('agent-model').selectOption('tools');
  // Actions belong to a saved agent.
  await expect(builder.getByTestId('agent-actions')).toHaveCount(0);
  await builder.getByTestId('agent-save').click();
  await expect(builder.getByTestId('agent-select')).toHaveValue(/^agent_/);

  // The agent's picture: uploaded, cropped by the server, shown in the builder (a new version).
  await builder.getByTestId('agent-avatar-input').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from(PNG_1PX, 'base64'),
  });
  await expect(page.getByText('Picture saved')).toBeVisible();
  await expect(builder.getByTestId('agent-avatar').locator('img')).toHaveAttribute(
    'src',
    /^\/api\/files\/avatars\//,
  );
  await expect
    .poll(() =>
      builder
        .getByTestId('agent-avatar')
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(250);

  await builder.getByTestId('agent-action-add').click();
  const dialog = page.getByTestId('agent-action-dialog');
  await dialog.getByTestId('agent-action-spec').fill(spec('http://127.0.0.1:9/v1'));
  await dialog.getByTestId('agent-action-save').click();
  await expect(dialog.getByTestId('agent-action-error')).toContainText('private, loopback or link-local');
  await dialog.getByTestId('agent-action-spec').fill('{"openapi": "3.1.0",');
  await dialog.getByTestId('agent-action-save').click();
  await expect(dialog.getByTestId('agent-action-error')).toContainText('the JSON does not parse');

  await dialog.getByTestId('agent-action-spec').fill(spec(api.url));
  await dialog.getByTestId('agent-action-auth').selectOption('bearer');
  await dialog.getByTestId('agent-action-key').fill(KEY);
  await page.screenshot({ path: testInfo.outputPath('agent-action-dialog.png') });
  await dialog.getByTestId('agent-action-save').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Action saved')).toBeVisible();
  const saved = builder.getByTestId('agent-action');
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText('127.0.0.2');
  await expect(saved).toContainText('get_weather');
  await page.screenshot({ path: testInfo.outputPath('agent-actions-section.png') });

  // Editing shows the saved key as kept, never the key itself.
  await saved.getByRole('button', { name: /Edit action/ }).click();
  await expect(dialog.getByTestId('agent-action-key')).toHaveValue('');
  await expect(dialog.getByTestId('agent-action-key')).toHaveAttribute('placeholder', /Saved/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await builder.getByTestId('agent-chat').click();
  await send(page, 'Weather in Oslo?');
  await waitIdle(page);
  const call = lastAnswer(page).getByTestId('tool-call');
  await expect(call).toContainText('get_weather');
  await call.getByTestId('tool-call-toggle').click();
  await expect(call.getByTestId('tool-call-details')).toContainText('"sky":"clear"');
  await expect(lastAnswer(page)).toContainText('clear');
  await page.screenshot({ path: testInfo.outputPath('agent-action-chat.png') });
  await context.close();
});
