import { fileURLToPath } from 'node:url';
import { startSimulator, type SimServer } from '@parley/llm-sim';
import { lastAnswer, send, waitIdle } from '../support/chat.ts';
import { expect, loginViaApi, registerViaApi, test, uniqueUser } from '../support/fixtures.ts';
import { startParley, type RunningServer } from '../support/parley-server.ts';

const STDIO_SERVER = fileURLToPath(
  new URL('../../../packages/server/test/mcp/fixtures/stdio-server.mjs', import.meta.url),
);

// A server of its own: the simulator's `tools-named` model (calls the tool a message names) and
// `ask-user` model, and a stdio MCP server whose tools the operator set to "ask".
let server: RunningServer;
let sim: SimServer;

test.beforeAll(async () => {
  sim = await startSimulator();
  server = await startParley({
    yaml: `version: 1.2.8
endpoints:
  custom:
    - name: Sim
      apiKey: sk-test
      baseURL: ${sim.url}/v1
      models: { default: [tools-named, ask-user, ask-user-text] }
      titleConvo: false
mcpServers:
  local: { command: "${process.execPath}", args: ["${STDIO_SERVER}"], toolApproval: ask }
`,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await sim?.close();
});

async function createAgent(token: string, fields: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${server.url}/api/agents`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Careful helper', provider: 'Sim', ...fields }),
  });
  if (!res.ok) throw new Error(`agent: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`approve and deny a tool call, answer an agent's question (${size.width}×${size.height})`, async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({ baseURL: server.url, viewport: size });
    const page = await context.newPage();
    const user = uniqueUser('approval');
    await registerViaApi(server.url, user);
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const toolAgent = await createAgent(token, { model: 'tools-named', tools: ['echo_mcp_local'] });
    const askAgent = await createAgent(token, { model: 'ask-user', tools: ['ask_user'] });
    await loginViaApi(page, server.url, user);
    const shot = (name: string) =>
      page.screenshot({ path: testInfo.outputPath(`${name}-${size.width}.png`) });

    // The call waits with its arguments; Approve runs it and the answer quotes its result.
    await page.goto(`/c/new?agent_id=${toolAgent}`);
    await send(page, 'echo_mcp_local {"text":"hello from the tool"}');
    const prompt = page.getByTestId('tool-approval');
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    await expect(prompt.getByTestId('tool-approval-args')).toContainText('hello from the tool');
    await shot('tool-approval');
    await prompt.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(lastAnswer(page)).toContainText('The tool returned: hello from the tool');
    await expect(prompt).toHaveCount(0);
    await waitIdle(page);

    // Deny: the tool does not run and the model is told the user declined.
    await send(page, 'echo_mcp_local {"text":"not this one"}');
    await expect(page.getByTestId('tool-approval')).toBeVisible({ timeout: 20_000 });
    // A reload while it waits shows the same question again.
    await page.reload();
    await expect(page.getByTestId('tool-approval')).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('tool-approval').getByRole('button', { name: 'Deny' }).click();
    await expect(lastAnswer(page)).toContainText('The user declined this call of echo_mcp_local');
    await expect(lastAnswer(page).getByTestId('tool-call')).toContainText('You declined echo_mcp_local');
    await waitIdle(page);
    await shot('tool-denied');

    // ask_user: the question with its choices as buttons; the chosen answer continues the run.
    await page.goto(`/c/new?agent_id=${askAgent}`);
    await send(page, 'Draw the sales chart');
    const question = page.getByTestId('tool-question');
    await expect(question).toBeVisible({ timeout: 20_000 });
    await expect(question).toContainText('Which colour should the chart use?');
    await shot('tool-question');
    await question.getByRole('button', { name: 'Green' }).click();
    await expect(lastAnswer(page)).toContainText('The user answered: Green');
    await waitIdle(page);
    await context.close();
  });
}
