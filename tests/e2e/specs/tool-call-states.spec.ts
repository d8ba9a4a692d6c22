import { lastAnswer, send, waitIdle } from '../support/chat.ts';
import { expect, loginViaUi, registerViaApi, test, uniqueUser } from '../support/fixtures.ts';
import { startParley, type RunningServer } from '../support/parley-server.ts';
import { PUBLIC_TEST_HOST, startTestApi, weatherActionSpec, type TestApi } from '../support/weather-api.ts';

// The states of a tool call on screen, driven by the Demo's `tools` model calling an agent's
// action: a weather API on 127.0.0.2 (admitted as a public host here) that answers, fails, or
// hangs until the request is given up.
let api: TestApi;
let server: RunningServer;
let slowClosed = false;

test.beforeAll(async () => {
  api = await startTestApi((req, res) => {
    const location = new URL(req.url!, 'http://x').searchParams.get('location');
    if (location === 'Slow') {
      req.on('close', () => (slowClosed = true));
      return; // never answers
    }
    if (location === 'Broken') {
      res.writeHead(500);
      return res.end('weather station on fire');
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ location, sky: 'clear' }));
  });
  server = await startParley({ env: { USER_BASE_URL_ALLOWLIST: PUBLIC_TEST_HOST } });
});
test.afterAll(async () => {
  await server?.stop();
  api?.close();
});

test('tool-call states: running, done, error and cancelled, each kept after a reload', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const user = uniqueUser('toolstates');
  await registerViaApi(server.url, user);
  await loginViaUi(page, user);
  const login = await page.request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const agent = (await (
    await page.request.post('/api/agents', {
      headers,
      data: { name: 'Weather agent', provider: 'Demo', model: 'tools' },
    })
  ).json()) as { id: string };
  const saved = await page.request.post(`/api/agents/actions/${agent.id}`, {
    headers,
    data: { metadata: { raw_spec: weatherActionSpec(api.url), auth: { type: 'none' } } },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await page.goto(`/c/new?agent_id=${agent.id}`);
  await expect(page.getByTestId('agent-landing-name')).toHaveText('Weather agent');

  // Done.
  await send(page, 'Weather in Oslo?');
  await waitIdle(page);
  const done = lastAnswer(page).getByTestId('tool-call');
  await expect(done).toHaveAttribute('data-state', 'done');
  await expect(done).toContainText('Ran get_weather');

  // Error: the API's failure is the call's error, and the model still answers.
  await send(page, 'Weather in Broken?');
  await waitIdle(page);
  const failed = lastAnswer(page).getByTestId('tool-call');
  await expect(failed).toHaveAttribute('data-state', 'error');
  await expect(failed).toContainText('Error processing get_weather');
  await failed.getByTestId('tool-call-toggle').click();
  await expect(failed.getByTestId('tool-call-details')).toContainText(
    'answered 500: weather station on fire',
  );

  // Running, then cancelled by Stop: the request to the API is given up.
  await send(page, 'Weather in Slow?');
  const running = lastAnswer(page).getByTestId('tool-call');
  await expect(running).toHaveAttribute('data-state', 'running');
  await expect(running).toContainText('Running get_weather');
  await page.screenshot({ path: testInfo.outputPath('tool-call-running.png') });
  await page.getByTestId('stop-button').click();
  await waitIdle(page);
  await expect(running).toHaveAttribute('data-state', 'cancelled');
  await expect(running).toContainText('get_weather was cancelled');
  await expect.poll(() => slowClosed).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('tool-call-states.png') });

  // The saved answers show the same states.
  await page.reload();
  const calls = page.getByTestId('tool-call');
  await expect(calls).toHaveCount(3);
  await expect(calls.nth(0)).toHaveAttribute('data-state', 'done');
  await expect(calls.nth(1)).toHaveAttribute('data-state', 'error');
  await expect(calls.nth(2)).toHaveAttribute('data-state', 'cancelled');
  await context.close();
});
