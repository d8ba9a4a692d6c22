import { createHash } from 'node:crypto';
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
let oauthApi: TestApi;
let server: RunningServer;
/** The OAuth API's codes (code → PKCE challenge) and the access tokens it issued. */
const codes = new Map<string, string>();
const tokens = new Set<string>();

test.beforeAll(async () => {
  // Parley's own start may take minutes on a loaded machine (it waits up to 180 s for health).
  test.setTimeout(200_000);
  api = await startTestApi((req, res) => {
    const url = new URL(req.url!, 'http://x');
    if (req.headers.authorization !== `Bearer ${KEY}`) {
      res.writeHead(401);
      return res.end('missing key');
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ location: url.searchParams.get('location'), sky: 'clear', temp: 21 }));
  });
  // An API behind OAuth: /authorize approves at once (redirects back with a code), /token checks
  // the client and the PKCE verifier, /v1/weather wants a token it issued.
  oauthApi = await startTestApi((req, res) => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/authorize') {
      const code = `code-${codes.size}`;
      codes.set(code, url.searchParams.get('code_challenge')!);
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state')!);
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (url.pathname === '/token') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const challenge = createHash('sha256')
          .update(form.get('code_verifier') ?? '')
          .digest('base64url');
        const ok =
          form.get('client_id') === 'e2e-client' &&
          form.get('client_secret') === 'e2e-secret' &&
          codes.get(form.get('code') ?? '') === challenge;
        res.writeHead(ok ? 200 : 400, { 'content-type': 'application/json' });
        if (!ok) return res.end(JSON.stringify({ error: 'invalid_grant' }));
        const token = `at-e2e-${tokens.size + 1}`;
        tokens.add(token);
        res.end(JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: 3600 }));
      });
      return;
    }
    if (!tokens.has(req.headers.authorization?.replace('Bearer ', '') ?? '')) {
      res.writeHead(401);
      return res.end('sign in');
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ location: url.searchParams.get('location'), sky: 'snow', signed_in: true }));
  });
  server = await startParley({ env: { USER_BASE_URL_ALLOWLIST: PUBLIC_TEST_HOST } });
});
test.afterAll(async () => {
  await server?.stop();
  api?.close();
  oauthApi?.close();
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

test('an agent action with OAuth: the form checks its fields, the chat asks the user to sign in in a popup, then calls the API', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const user = uniqueUser('actions-oauth');
  await registerViaApi(server.url, user);
  await loginViaUi(page, user);

  await page.getByTestId('side-panel-rail').getByTestId('open-agents-panel').click();
  const builder = page.getByTestId('agent-builder');
  await builder.getByTestId('agent-name').fill('Signed-in weather');
  await builder.getByTestId('agent-model').selectOption('tools');
  await builder.getByTestId('agent-save').click();
  await expect(builder.getByTestId('agent-select')).toHaveValue(/^agent_/);

  await builder.getByTestId('agent-action-add').click();
  const dialog = page.getByTestId('agent-action-dialog');
  await dialog.getByTestId('agent-action-spec').fill(spec(`${oauthApi.url}/v1`));
  await dialog.getByTestId('agent-action-auth').selectOption('oauth');
  const fields = dialog.getByTestId('agent-action-oauth');
  await expect(fields.getByTestId('agent-action-oauth-callback')).toContainText(
    'Save the action to see the callback URL',
  );
  // Empty and malformed fields are named before anything is sent.
  await fields.getByTestId('agent-action-oauth-token-url').fill('ftp://example.com/token');
  await dialog.getByTestId('agent-action-save').click();
  await expect(fields).toContainText('Enter the client ID.');
  await expect(fields).toContainText('Enter a URL.');
  await expect(fields).toContainText('Enter an http:// or https:// URL.');
  await page.screenshot({ path: testInfo.outputPath('agent-action-oauth-errors.png') });

  // A loopback token URL is refused by the server, with its reason.
  await fields.getByTestId('agent-action-oauth-client-id').fill('e2e-client');
  await fields.getByTestId('agent-action-oauth-client-secret').fill('e2e-secret');
  await fields.getByTestId('agent-action-oauth-authorization-url').fill(`${oauthApi.url}/authorize`);
  await fields.getByTestId('agent-action-oauth-token-url').fill('http://127.0.0.1:9/token');
  await fields.getByTestId('agent-action-oauth-scope').fill('weather');
  await dialog.getByTestId('agent-action-save').click();
  await expect(dialog.getByTestId('agent-action-error')).toContainText('private, loopback or link-local');

  await fields.getByTestId('agent-action-oauth-token-url').fill(`${oauthApi.url}/token`);
  await dialog.getByTestId('agent-action-save').click();
  await expect(dialog).toHaveCount(0);
  const saved = builder.getByTestId('agent-action');
  await expect(saved).toContainText('get_weather');

  // Editing never shows the client; it names the callback URL to register.
  await saved.getByRole('button', { name: /Edit action/ }).click();
  await expect(dialog.getByTestId('agent-action-auth')).toHaveValue('oauth');
  await expect(dialog.getByTestId('agent-action-oauth-client-id')).toHaveValue('');
  await expect(dialog.getByTestId('agent-action-oauth-client-id')).toHaveAttribute('placeholder', /Saved/);
  await expect(dialog.getByTestId('agent-action-oauth-client-secret')).toHaveValue('');
  await expect(dialog.getByTestId('agent-action-oauth-token-url')).toHaveValue(`${oauthApi.url}/token`);
  await expect(dialog.getByTestId('agent-action-oauth-callback')).toContainText(
    /\/api\/actions\/act_[\w-]+\/oauth\/callback/,
  );
  await page.screenshot({ path: testInfo.outputPath('agent-action-oauth-dialog.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // In the chat the call waits for the user's sign-in; the popup signs in and the call runs.
  await builder.getByTestId('agent-chat').click();
  await send(page, 'Weather in Tromso?');
  const call = lastAnswer(page).getByTestId('tool-call');
  await expect(call).toHaveAttribute('data-state', 'auth');
  await page.screenshot({ path: testInfo.outputPath('agent-action-oauth-sign-in.png') });
  const popupOpened = context.waitForEvent('page');
  await call.getByTestId('tool-sign-in').click();
  const popup = await popupOpened;
  await expect(popup.getByTestId('oauth-success')).toContainText(PUBLIC_TEST_HOST);
  await expect(call).toHaveAttribute('data-state', 'done');
  await waitIdle(page);
  await call.getByTestId('tool-call-toggle').click();
  await expect(call.getByTestId('tool-call-details')).toContainText('"signed_in":true');
  await expect(lastAnswer(page)).toContainText('snow');
  await page.screenshot({ path: testInfo.outputPath('agent-action-oauth-chat.png') });
  await context.close();
});
