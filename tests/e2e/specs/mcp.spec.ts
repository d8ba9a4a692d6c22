import { fileURLToPath } from 'node:url';
import {
  startHttpMcpServer,
  type HttpMcpServer,
} from '../../../packages/server/test/mcp/fixtures/http-mcp-server.ts';
import {
  startOAuthMcpServer,
  type OAuthMcpServer,
} from '../../../packages/server/test/mcp/fixtures/oauth-mcp-server.ts';
import { expect, loginViaUi, registerViaApi, test, uniqueUser } from '../support/fixtures.ts';
import { startParley, type RunningServer } from '../support/parley-server.ts';

const STDIO_SERVER = fileURLToPath(
  new URL('../../../packages/server/test/mcp/fixtures/stdio-server.mjs', import.meta.url),
);

// A server of its own with three MCP servers: a shared stdio one, one that needs each user's
// team id, and one that signs users in with OAuth at its own local authorization server.
let server: RunningServer;
let team: HttpMcpServer;
let secure: OAuthMcpServer;

test.beforeAll(async () => {
  team = await startHttpMcpServer();
  secure = await startOAuthMcpServer();
  server = await startParley({
    yaml: `version: 1.2.8
mcpServers:
  local: { command: "${process.execPath}", args: ["${STDIO_SERVER}"] }
  team:
    type: streamable-http
    url: "${team.url}"
    headers: { X-Team: "{{TEAM}}" }
    customUserVars: { TEAM: { title: Team id, description: Your team at the lookup service } }
  secure: { type: streamable-http, url: "${secure.url}", requiresOAuth: true }
`,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await team?.close();
  await secure?.close();
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
  await openMenu();
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
