import type { Browser, Page } from '@playwright/test';
import { chooseModel, lastAnswer, waitIdle } from '../support/chat.ts';
import { expect, loginViaUi, registerViaApi, test, uniqueUser, type TestUser } from '../support/fixtures.ts';
import { startParley, type RunningServer } from '../support/parley-server.ts';

// The prompt library on a server of its own, whose first account is an administrator (created by
// the admin command line), so sharing to all users and the role dialog can be used freely.
let server: RunningServer;
const admin = uniqueUser('padmin');
const other = uniqueUser('pother');
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startParley({
    admin: [
      [
        'create-user',
        admin.email,
        admin.name,
        '--password',
        admin.password,
        '--username',
        admin.username,
        '--admin',
      ],
    ],
  });
  await registerViaApi(server.url, other);
});

test.afterAll(async () => {
  await server?.stop();
});

async function openAs(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await loginViaUi(page, user);
  return page;
}

/** A prompt made through the API, as the given user. */
async function createViaApi(user: TestUser, name: string, text: string, command?: string) {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${server.url}/api/prompts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      prompt: { prompt: text, type: 'text' },
      group: { name, category: 'write', command },
    }),
  });
  expect(res.ok).toBe(true);
  return ((await res.json()) as { prompt: { groupId: string } }).prompt.groupId;
}

const V1 = 'Write a {{tone:formal|casual}} note to {{recipient}} about {{topic}}. Sign it for {{recipient}}.';
const V2 = 'Please write a {{tone:formal|casual}} reminder to {{recipient}} about {{topic}}.';
let groupPath = '';

test('create a prompt with variables, version it, make an older version production, share it', async ({
  browser,
}) => {
  const page = await openAs(browser, admin);
  await page.goto('/d/prompts');
  await expect(page.getByTestId('prompt-placeholder')).toHaveText('Select or Create a Prompt');
  await page.getByTestId('create-prompt').click();
  await page.waitForURL('**/d/prompts/new');

  // Name and text are required; nothing can be submitted before.
  await expect(page.getByTestId('mode-toggle')).toHaveCount(0);
  const submit = page.getByTestId('create-prompt-submit');
  await expect(submit).toBeDisabled();
  await page.getByTestId('prompt-name').focus();
  await page.getByTestId('prompt-text').focus();
  await page.getByTestId('prompt-oneliner').focus();
  await expect(page.getByText('Prompt name is required')).toBeVisible();
  await expect(page.getByText('Prompt text is required')).toBeVisible();

  await page.getByTestId('prompt-name').fill('Note writer');
  await page.getByTestId('prompt-text').fill(V1);
  await expect(page.getByTestId('variable-chips')).toContainText('tone: formal | casual');
  await page.getByTestId('prompt-oneliner').fill('Short notes');
  await expect(page.getByTestId('oneliner-counter')).toHaveText('11/120');
  await page.getByTestId('prompt-command').fill('Note Writer!');
  await expect(page.getByTestId('prompt-command')).toHaveValue('note-writer');
  await submit.click();
  await page.waitForURL(/\/d\/prompts\/(?!new$)[^/]+$/);
  groupPath = new URL(page.url()).pathname;
  await expect(page.getByTestId('prompt-title')).toHaveText('Note writer');
  await expect(page.getByTestId('group-item').filter({ hasText: 'Note writer' })).toBeVisible();
  // The create form was replaced in the history: Back goes to the library itself.
  await page.goBack();
  await page.waitForURL(/\/d\/prompts$/);
  await page.goForward();
  await expect(page.getByTestId('prompt-title')).toHaveText('Note writer');

  // Advanced mode: one version, latest and production.
  await page.getByTestId('mode-toggle').getByRole('radio', { name: 'Advanced' }).click();
  const rows = page.getByTestId('version-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('tag-latest')).toBeVisible();
  await expect(rows.first().getByTestId('tag-production')).toBeVisible();
  await expect(rows.first().locator('.font-mono')).toHaveText(TIME);

  // Leaving edit mode without a change saves nothing.
  await page.getByTestId('edit-prompt-text').click();
  await page.getByTestId('finish-edit').click();
  await expect(page.getByTestId('edit-prompt-text')).toBeVisible();
  await expect(rows).toHaveCount(1);

  // A changed text becomes version 2, made production by the switch.
  await page.getByTestId('always-make-production').click();
  await page.getByTestId('edit-prompt-text').click();
  await page.getByTestId('prompt-text-editor').fill(V2);
  await page.getByTestId('finish-edit').click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByTestId('tag-latest')).toBeVisible();
  await expect(rows.nth(0).getByTestId('tag-production')).toBeVisible();
  await expect(rows.nth(1).getByTestId('tag-production')).toHaveCount(0);

  // The older version goes back into production, and stays so after a reload.
  await rows.nth(1).click();
  await expect(page.getByTestId('prompt-text-view')).toHaveText(V1);
  await page.getByTestId('make-production').click();
  await expect(rows.nth(1).getByTestId('tag-production')).toBeVisible();
  await expect(rows.nth(0).getByTestId('tag-production')).toHaveCount(0);
  await expect(page.getByTestId('make-production')).toBeDisabled();
  await page.reload();
  await expect(page.getByTestId('version-row').nth(1).getByTestId('tag-production')).toBeVisible();
  await expect(page.getByTestId('prompt-text-view')).toHaveText(V1);

  // Share to all: the green globe; sharing again says it already is.
  await page.getByTestId('share-prompt').click();
  await page.getByTestId('share-to-all-switch').click();
  await page.getByTestId('share-save').click();
  await expect(page.getByTestId('editor-shared-globe')).toBeVisible();
  await expect(
    page.getByTestId('group-item').filter({ hasText: 'Note writer' }).getByTestId('shared-globe'),
  ).toBeVisible();
  await page.getByTestId('share-prompt').click();
  await page.getByTestId('share-save').click();
  await expect(page.getByText('This prompt is already shared to all users')).toBeVisible();
  await page.context().close();
});

test('a second user sees the shared prompt read-only and an unshared one as not shared', async ({
  browser,
}) => {
  const privateId = await createViaApi(admin, 'Private draft', 'Only for me');
  const page = await openAs(browser, other);
  await page.goto('/d/prompts');
  const item = page.getByTestId('group-item').filter({ hasText: 'Note writer' });
  await expect(item.getByTestId('shared-globe')).toBeVisible();
  await expect(page.getByTestId('group-item').filter({ hasText: 'Private draft' })).toHaveCount(0);
  // Filters: by name (debounced) and by the shared / mine / category values.
  const filter = page.getByTestId('prompt-category-filter');
  await filter.selectOption({ label: 'My prompts' });
  await expect(page.getByTestId('group-list-empty')).toBeVisible();
  await filter.selectOption({ label: 'Shared prompts' });
  await expect(item).toBeVisible();
  await filter.selectOption({ label: 'Code' });
  await expect(page.getByTestId('group-list-empty')).toBeVisible();
  await filter.selectOption({ label: 'All' });
  await page.getByTestId('prompt-name-filter').fill('zzz');
  await expect(page.getByTestId('group-list-empty')).toBeVisible();
  await page.getByTestId('prompt-name-filter').fill('note');
  await expect(item).toBeVisible();
  await item.click();
  await page.waitForURL(`**${groupPath}`);
  const view = page.getByTestId('prompt-read-only');
  await expect(view).toBeVisible();
  await expect(view.getByTestId('prompt-text-view')).toHaveText(V1);
  await expect(page.getByTestId('edit-prompt-text')).toHaveCount(0);
  await expect(page.getByTestId('share-prompt')).toHaveCount(0);

  await page.goto(`/d/prompts/${privateId}`);
  await expect(page.getByTestId('prompt-not-shared')).toBeVisible();
  await page.getByTestId('back-to-prompts').click();
  await page.waitForURL('**/d/prompts');
  await expect(page.getByTestId('prompt-placeholder')).toBeVisible();

  // Unknown dashboard paths land on the files.
  await page.goto('/d/whatever');
  await page.waitForURL('**/d/files');
  await page.context().close();
});

test('the / picker runs a prompt: the dropdown variable is filled and the text sent', async ({ browser }) => {
  await createViaApi(
    other,
    'Greeter',
    'Say hello in a {{style:pirate|robot}} voice to {{name}} on {{current_date}} {{extra}}',
    'greet',
  );
  const page = await openAs(browser, other);
  await chooseModel(page, 'echo');
  const input = page.getByTestId('chat-input');
  await input.fill('/gre');
  const popover = page.getByTestId('prompt-command-popover');
  await expect(popover.getByTestId('prompt-command-row')).toHaveCount(1);
  await expect(popover).toContainText('/greet');
  // Escape closes; typing again reopens; arrows and Enter choose.
  await input.press('Escape');
  await expect(popover).toHaveCount(0);
  await input.fill('/');
  await expect(popover.getByTestId('prompt-command-row')).toHaveCount(2);
  await input.fill('/greet');
  await input.press('ArrowDown');
  await input.press('Enter');

  const dialog = page.getByTestId('prompt-variables-dialog');
  await expect(dialog).toBeVisible();
  await expect(input).toHaveValue('');
  await dialog.getByTestId('variable-style').selectOption('robot');
  await dialog.getByTestId('variable-name').fill('Ada');
  await dialog.getByTestId('variables-submit').click();

  const today = await page.evaluate(() => {
    const d = new Date();
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
  });
  const sent = `Say hello in a robot voice to Ada on ${today}`;
  await expect(page.getByTestId('message-user')).toContainText(sent);
  await expect(page.getByTestId('message-user')).toContainText('{{extra}}');
  await expect(lastAnswer(page)).toContainText(sent);
  await waitIdle(page);
  await page.context().close();
});

test('prompt cards in the chat side panel run a prompt; Backspace on an empty search closes the picker', async ({
  browser,
}) => {
  const page = await openAs(browser, other);
  await chooseModel(page, 'echo');
  await page.getByTestId('open-prompts-panel').click();
  const panel = page.getByTestId('prompts-side-panel');
  const card = panel.getByTestId('prompt-card').filter({ hasText: 'Greeter' });
  await expect(card).toBeVisible();
  await card.getByTestId('prompt-card-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Preview' }).click();
  await expect(page.getByTestId('prompt-preview-dialog')).toContainText('Greeter');
  await page.keyboard.press('Escape');
  // Not the author of the shared prompt: Preview only.
  await panel
    .getByTestId('prompt-card')
    .filter({ hasText: 'Note writer' })
    .getByTestId('prompt-card-menu')
    .click();
  await expect(page.getByRole('menuitem', { name: 'Preview' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await panel.getByTestId('prompt-card').filter({ hasText: 'Note writer' }).locator('button').first().click();
  const dialog = page.getByTestId('prompt-variables-dialog');
  await dialog.getByTestId('variable-recipient').fill('Grace');
  await dialog.getByTestId('variables-submit').click();
  const sent = 'Write a formal note to Grace about {{topic}}. Sign it for Grace.';
  await expect(lastAnswer(page)).toContainText(sent);
  await waitIdle(page);

  const input = page.getByTestId('chat-input');
  await input.fill('/');
  await expect(page.getByTestId('prompt-command-popover')).toBeVisible();
  await input.press('Backspace');
  await expect(page.getByTestId('prompt-command-popover')).toHaveCount(0);
  await expect(input).toHaveValue('');

  // The Commands tab's / switch turns the picker off.
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Commands' }).click();
  await page.getByRole('switch', { name: '/ command' }).click();
  await page.keyboard.press('Escape');
  await input.fill('/');
  await expect(input).toHaveValue('/');
  await expect(page.getByTestId('prompt-command-popover')).toHaveCount(0);
  await page.context().close();
});

test('an admin takes PROMPTS.USE away from users: the library sends them to /c/new', async ({ browser }) => {
  const adminPage = await openAs(browser, admin);
  await adminPage.goto('/d/prompts');
  await adminPage.getByTestId('prompts-admin-settings').click();
  const dialog = adminPage.getByTestId('role-permissions-dialog');
  await expect(dialog.getByTestId('permission-USE')).toHaveAttribute('data-state', 'checked');
  await dialog.getByTestId('permission-USE').click();
  await dialog.getByTestId('save-role-permissions').click();
  await expect(dialog).toHaveCount(0);

  const page = await openAs(browser, other);
  await page.goto('/d/prompts');
  await page.waitForURL('**/c/new', { timeout: 5000 });
  await expect(page.getByTestId('open-prompts-panel')).toHaveCount(0);
  await page.getByTestId('chat-input').fill('/');
  await expect(page.getByTestId('prompt-command-popover')).toHaveCount(0);

  // Put it back for anything that runs after.
  await adminPage.getByTestId('prompts-admin-settings').click();
  await dialog.getByTestId('permission-USE').click();
  await dialog.getByTestId('save-role-permissions').click();
  await expect(dialog).toHaveCount(0);
  await adminPage.context().close();
  await page.context().close();
});

test('narrow screens: the list hides behind a prompt, the versions panel is a 320 px drawer; signed out sees nothing', async ({
  browser,
}) => {
  const page = await openAs(browser, admin);
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto('/d/prompts');
  await expect(page.getByTestId('group-list-panel')).toBeVisible();
  await expect(page.getByTestId('prompt-placeholder')).toHaveCount(0);
  await page.goto(groupPath);
  await expect(page.getByTestId('prompt-title')).toBeVisible();
  await expect(page.getByTestId('group-list-panel')).toHaveCount(0);

  await page.getByTestId('mode-toggle').getByRole('radio', { name: 'Advanced' }).click();
  await expect(page.getByTestId('versions-panel')).toHaveCount(0);
  await page.getByTestId('open-versions').click();
  const drawer = page.getByTestId('versions-drawer');
  await expect(drawer).toBeVisible();
  expect((await drawer.boundingBox())?.width).toBe(320);
  await page.mouse.click(100, 400);
  await expect(drawer).toHaveCount(0);
  await page.getByTestId('open-versions').click();
  await expect(drawer).toBeVisible();
  await page.setViewportSize({ width: 1100, height: 800 });
  await expect(drawer).toHaveCount(0);
  await expect(page.getByTestId('versions-panel')).toBeVisible();
  await expect(page.getByTestId('group-list-panel')).toBeVisible();
  await page.context().close();

  const anonymous = await browser.newContext({ baseURL: server.url });
  const visitor = await anonymous.newPage();
  await visitor.goto('/d/prompts');
  await visitor.waitForURL('**/login');
  await anonymous.close();
});
