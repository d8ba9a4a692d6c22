import { startSimulator, type SimServer } from '@parley/llm-sim';
import { lastAnswer, send, waitIdle } from '../support/chat.ts';
import { expect, loginViaUi, registerViaApi, test, uniqueUser } from '../support/fixtures.ts';
import { startParley, type RunningServer } from '../support/parley-server.ts';

// A server of its own whose parley.yaml enforces two model specs, one of them the default.
let sim: SimServer;
let server: RunningServer;

test.beforeAll(async () => {
  sim = await startSimulator({ host: '127.0.0.1', port: 0 });
  server = await startParley({
    yaml: `version: 1.2.8
endpoints:
  custom:
    - name: Sim
      apiKey: sk-test
      baseURL: ${sim.url}/v1
      models:
        default: [echo, thinking]
        fetch: false
modelSpecs:
  enforce: true
  prioritize: true
  list:
    - name: house-echo
      label: House echo
      description: Repeats what you say
      default: true
      preset: { endpoint: Sim, model: echo, temperature: 0.2 }
    - name: deep-thinker
      label: Deep thinker
      description: Thinks before answering
      preset: { endpoint: Sim, model: thinking }
`,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await sim?.close();
});

test('enforced model specs: a new chat starts on the default spec, the menu offers only specs', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const user = uniqueUser('specs');
  await registerViaApi(server.url, user);
  await loginViaUi(page, user);

  const menu = page.getByTestId('model-menu');
  await expect(menu).toContainText('House echo');
  // The spec fixes the parameters: no tuning and no presets to apply.
  await expect(page.getByTestId('parameters-button')).toHaveCount(0);

  await menu.click();
  await expect(page.getByTestId('model-spec-house-echo')).toContainText('Repeats what you say');
  await expect(page.getByTestId('model-spec-deep-thinker')).toContainText('Thinks before answering');
  await expect(page.getByTestId('model-option-echo')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('model-specs-menu.png') });
  await page.getByTestId('model-spec-deep-thinker').click();
  await expect(menu).toContainText('Deep thinker');

  await send(page, 'ponder this');
  await waitIdle(page);
  await expect(lastAnswer(page)).toContainText('ponder this');
  await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
  const conversationId = page.url().split('/c/')[1]!;
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const convo = await (
    await fetch(`${server.url}/api/convos/${conversationId}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json();
  expect(convo).toMatchObject({ spec: 'deep-thinker', model: 'thinking' });

  // Reloaded, the conversation still shows its spec.
  await page.reload();
  await expect(menu).toContainText('Deep thinker');
  await context.close();
});
