import { fileURLToPath } from 'node:url';
import {
  startHttpMcpServer,
  type HttpMcpServer,
} from '../../../packages/server/test/mcp/fixtures/http-mcp-server.ts';
import {
  startOAuthMcpServer,
  type OAuthMcpServer,
} from '../../../packages/server/test/mcp/fixtures/oauth-mcp-server.ts';
import { startSimulator, type SimServer } from '@parley/llm-sim';
import { chooseModel, lastAnswer, send, waitIdle } from '../support/chat.ts';
import { expect, loginViaUi, registerViaApi, test, uniqueUser } from '../support/fixtures.ts';
import { startParley, type RunningServer } from '../support/parley-server.ts';

const STDIO_SERVER = fileURLToPath(
  new URL('../../../packages/server/test/mcp/fixtures/stdio-server.mjs', import.meta.url),
);

// A server of its own with three MCP servers: a shared stdio one, one that needs each user's
// team id, and one that signs users in with OAuth at its own local authorization server; and a
// simulator endpoint whose `tools-named` model calls the tool a message names.
let server: RunningServer;
let sim: SimServer;
let team: HttpMcpServer;
let secure: OAuthMcpServer;

test.beforeAll(async () => {
  team = await startHttpMcpServer();
  secure = await startOAuthMcpServer();
  sim = await startSimulator();
  server = await startParley({
    yaml: `version: 1.2.8
endpoints:
  custom:
    - name: Sim
      apiKey: sk-test
      baseURL: ${sim.url}/v1
      models: { default: [echo, tools-named] }
      titleConvo: false
mcpServers:
  local: { command: "${process.execPath}", args: ["${STDIO_SERVER}"] }
  team:
    type: streamable-http
    url: "${team.url}"
    headers: { X-Team: "{{TEAM}}" }
    customUserVars: { TEAM: { title: Team id, description: Your team at the lookup service } }
  secure: { type: streamable-http, url: "${secure.url}", requiresOAuth: true }
interface:
  mcpServers: { placeholder: Tool servers }
`,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await team?.close();
  await secure?.close();
  await sim?.close();
});

test('MCP picker: states, credentials, OAuth sign-in in a popup, choosing servers', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const user = uniqueUser('mcp');
  await registerViaApi(server.url, user);
  await loginViaUi(page, user);

  const menu = page.getByTestId('mcp-picker-menu');
  const openMenu = async () => {
    if (!(await menu.isVisible())) await page.getByTestId('mcp-picker').click();
    await expect(menu).toBeVisible();
  };
  // parley.yaml's interface.mcpServers.placeholder names the picker.
  await expect(page.getByTestId('mcp-picker')).toHaveAccessibleName('Tool servers');
  await openMenu();
  await expect(menu).toContainText('Tool servers');
  const state = (name: string) => menu.getByTestId(`mcp-server-${name}`).getByTestId('mcp-state');
  await expect(state('local')).toHaveAttribute('data-state', 'connected');
  await expect(state('local')).toContainText('Active');
  await expect(state('team')).toContainText('Offline');
  await expect(state('secure')).toContainText('OAuth');
  await page.screenshot({ path: test.info().outputPath('mcp-picker.png') });

  // The team server asks for a value: unset, then set, and the server connects with it.
  await menu.getByTestId('mcp-configure-team').click();
  const dialog = page.getByTestId('mcp-config-dialog');
  await expect(dialog.getByTestId('mcp-var-flag-TEAM')).toHaveText('Unset');
  await dialog.getByLabel('Team id').fill('blue-team');
  await page.screenshot({ path: test.info().outputPath('mcp-config-dialog.png') });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Custom variables for team updated')).toBeVisible();
  await expect(page.getByText("MCP server 'team' initialized successfully")).toBeVisible();
  await openMenu();
  await expect(state('team')).toHaveAttribute('data-state', 'connected');

  // OAuth: the sign-in opens in a new tab, ends on the success page, and the picker's polling
  // sees the server become active.
  const popupOpened = context.waitForEvent('page');
  await openMenu();
  await menu.getByTestId('mcp-initialize-secure').click();
  const popup = await popupOpened;
  await expect(popup.getByTestId('oauth-success')).toContainText('secure');
  await expect(page.getByText('Successfully authenticated with secure')).toBeVisible({ timeout: 15_000 });
  await openMenu();
  await expect(state('secure')).toHaveAttribute('data-state', 'connected');

  // Choosing servers for this conversation.
  await menu.getByTestId('mcp-server-local').getByRole('checkbox').click();
  await expect(page.getByTestId('mcp-picker-count')).toHaveText('1');
  await page.screenshot({ path: test.info().outputPath('mcp-picker-connected.png') });
  await context.close();
});

test('picking a server that is not connected initializes it first; a failure opens its config dialog; revoke takes it out', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const user = uniqueUser('mcp-pick');
  await registerViaApi(server.url, user);
  await loginViaUi(page, user);
  const menu = page.getByTestId('mcp-picker-menu');
  const openMenu = async () => {
    if (!(await menu.isVisible())) await page.getByTestId('mcp-picker').click();
    await expect(menu).toBeVisible();
  };
  const check = (name: string) => menu.getByTestId(`mcp-server-${name}`).getByRole('checkbox');

  // `team` needs a team id this user has not given: picking it tries to connect, fails, and
  // opens its config dialog instead of choosing a server whose tools cannot load.
  await openMenu();
  await check('team').click();
  const dialog = page.getByTestId('mcp-config-dialog');
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('mcp-picker-count')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('mcp-pick-failed-config.png') });
  // Saving the value goes on with the pick: the server connects and is chosen.
  await dialog.getByLabel('Team id').fill('red-team');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText("MCP server 'team' initialized successfully")).toBeVisible();
  await expect(page.getByTestId('mcp-picker-count')).toHaveText('1');
  await openMenu();
  await expect(check('team')).toHaveAttribute('aria-checked', 'true');

  // A connected server is chosen at once, and put down again with one click.
  await check('local').click();
  await expect(page.getByTestId('mcp-picker-count')).toHaveText('2');
  await check('local').click();
  await expect(page.getByTestId('mcp-picker-count')).toHaveText('1');

  // Revoking the team id takes `team` out of the choice.
  await openMenu();
  await menu.getByTestId('mcp-configure-team').click();
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('mcp-picker-count')).toHaveCount(0);
  await context.close();
});

test('MCP in the side panel, in a chat (progress while the tool runs) and in the agent builder', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const user = uniqueUser('mcp-panel');
  await registerViaApi(server.url, user);
  await loginViaUi(page, user);

  // The side panel lists every server with its state; initialize works from there.
  await page.getByTestId('side-panel-rail').getByTestId('open-mcp-panel').click();
  const panel = page.getByTestId('mcp-panel');
  const state = (name: string) => panel.getByTestId(`mcp-server-${name}`).getByTestId('mcp-state');
  await expect(state('local')).toHaveAttribute('data-state', 'connected');
  await expect(state('team')).toContainText('Offline');
  await expect(state('secure')).toContainText('OAuth');
  await expect(panel.getByTestId('mcp-configure-team')).toBeVisible();
  await panel.getByTestId('mcp-initialize-local').click();
  await expect(page.getByText("MCP server 'local' initialized successfully")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('mcp-side-panel.png') });

  // A tool call in chat: the running call shows the server's progress, then the result.
  await chooseModel(page, 'tools-named');
  await page.getByTestId('mcp-picker').click();
  await page.getByTestId('mcp-picker-menu').getByTestId('mcp-server-local').getByRole('checkbox').click();
  await page.keyboard.press('Escape');
  await send(page, 'progress_mcp_local {"steps":5,"pauseMs":1500}');
  const call = page.getByTestId('tool-call').last();
  await expect(call).toHaveAttribute('data-state', 'running');
  await expect(call.getByTestId('tool-call-progress-message')).toHaveText(/step [1-5] of 5/);
  const bar = call.getByRole('progressbar');
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(10);
  await page.screenshot({ path: test.info().outputPath('mcp-tool-progress.png') });
  await waitIdle(page);
  await expect(call).toHaveAttribute('data-state', 'done');
  await expect(call.getByTestId('tool-call-progress-message')).toHaveCount(0);
  await expect(lastAnswer(page)).toContainText('The tool returned: done in 5');

  // The agent builder groups each server's tools: one switch turns them all on.
  await page.getByTestId('side-panel-rail').getByTestId('open-agents-panel').click();
  const builder = page.getByTestId('agent-builder');
  const local = builder.getByTestId('agent-mcp-local');
  await expect(local).toBeVisible();
  // Every other tool here is an MCP server's: the Tools list above the servers holds only the
  // built-in ask_user, and the server's tools are under the server.
  await expect(builder.getByTestId('agent-tools')).toContainText('ask_user');
  await expect(builder.getByTestId('agent-tools').getByTestId('agent-tool-echo_mcp_local')).toHaveCount(0);
  await expect(local.getByTestId('agent-tool-echo_mcp_local')).toHaveAttribute('data-state', 'unchecked');
  await local.getByTestId('agent-mcp-server-local').click();
  await expect(local.getByTestId('agent-tool-echo_mcp_local')).toHaveAttribute('data-state', 'checked');
  await expect(local.getByTestId('agent-tool-add_mcp_local')).toHaveAttribute('data-state', 'checked');
  await local.getByTestId('agent-tool-add_mcp_local').click();
  await expect(local.getByTestId('agent-mcp-server-local')).toHaveAttribute('data-state', 'unchecked');
  await local.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('mcp-agent-builder.png') });
  await context.close();
});

test('an OAuth server met in a chat: the answer waits on a sign-in step, the popup signs in, the call runs and the answer goes on', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const user = uniqueUser('mcp-chat-oauth');
  await registerViaApi(server.url, user);
  await loginViaUi(page, user);

  // The user chose `secure` on an earlier visit (the picker signs in first when it is chosen
  // now) but is not signed in to it; they ask for its tool.
  await page.evaluate(() => localStorage.setItem('mcpSelected', JSON.stringify(['secure'])));
  await page.reload();
  await chooseModel(page, 'tools-named');
  await page.getByTestId('mcp-picker').click();
  await expect(
    page.getByTestId('mcp-picker-menu').getByTestId('mcp-server-secure').getByRole('checkbox'),
  ).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await send(page, 'whoami_mcp_secure');
  const signInStep = page.getByTestId('tool-call').first();
  await expect(signInStep).toHaveAttribute('data-state', 'auth');
  await expect(signInStep).toContainText('Sign in to secure to use its tools');

  // A reload while it waits shows the same prompt again.
  await page.reload();
  await expect(signInStep).toHaveAttribute('data-state', 'auth');
  await page.screenshot({ path: test.info().outputPath('mcp-chat-sign-in.png') });

  // The sign-in opens in a popup that ends on the success page; the answer goes on by itself.
  const popupOpened = context.waitForEvent('page');
  await signInStep.getByTestId('tool-sign-in').click();
  const popup = await popupOpened;
  await expect(popup.getByTestId('oauth-success')).toContainText('secure');
  await expect(signInStep).toHaveAttribute('data-state', 'done');
  await expect(signInStep).toContainText('Signed in to secure');
  const call = page.getByTestId('tool-call').nth(1);
  await expect(call).toHaveAttribute('data-state', 'done');
  await expect(lastAnswer(page)).toContainText('The tool returned: team= auth=Bearer at-');
  await waitIdle(page);
  await page.screenshot({ path: test.info().outputPath('mcp-chat-signed-in.png') });
  await context.close();
});
