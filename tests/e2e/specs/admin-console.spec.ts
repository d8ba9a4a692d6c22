import type { Browser, Page } from '@playwright/test';
import { expect, loginViaUi, registerViaApi, test, uniqueUser, type TestUser } from '../support/fixtures.ts';
import { startParley, type RunningServer } from '../support/parley-server.ts';

// The administration console on a server of its own, whose first account is an administrator
// (made by the admin command line), with a few regular accounts to manage.
const SHOTS = process.env.PW_SHOTS_DIR ?? '/tmp/parley-shots';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let server: RunningServer;
const admin = uniqueUser('cadmin');
const member = uniqueUser('cmember');
const spare = uniqueUser('cspare');

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // The admin command and a first start can take minutes on a loaded machine.
  test.setTimeout(300_000);
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
  await registerViaApi(server.url, member);
  await registerViaApi(server.url, spare);
});

test.afterAll(async () => {
  await server?.stop();
});

async function openAs(browser: Browser, user: TestUser, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport });
  const page = await context.newPage();
  await loginViaUi(page, user);
  return page;
}

async function tokenOf(user: TestUser): Promise<string> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  return ((await login.json()) as { token: string }).token;
}

const rowOf = (page: Page, email: string) => page.getByTestId('admin-user-row').filter({ hasText: email });

test('a regular user is sent back to the chat and sees no way into the console', async ({ browser }) => {
  const page = await openAs(browser, member);
  await page.goto('/admin/users');
  await page.waitForURL('**/c/new');
  await page.getByTestId('account-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await expect(page.getByTestId('open-admin')).toHaveCount(0);
  await page.context().close();
});

test('an administrator searches, bans and unbans, creates and deletes accounts', async ({ browser }) => {
  const page = await openAs(browser, admin);
  await page.getByTestId('account-menu').click();
  await page.getByTestId('open-admin').click();
  await page.waitForURL('**/admin/users');
  await expect(rowOf(page, member.email)).toBeVisible();
  await expect(rowOf(page, admin.email)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-users-desktop.png` });

  await page.getByTestId('admin-users-search').fill(member.email.slice(0, 10));
  await expect(page.getByTestId('admin-user-row')).toHaveCount(1);
  await expect(rowOf(page, member.email)).toBeVisible();

  // Ban for a day with a reason; the row says until when.
  await rowOf(page, member.email).getByTestId('admin-user-actions').click();
  await page.getByRole('menuitem', { name: 'Ban…' }).click();
  await page.getByTestId('admin-ban-reason').fill('Posting spam');
  await page.getByText('1 day', { exact: true }).click();
  await page.screenshot({ path: `${SHOTS}/admin-ban-dialog-desktop.png` });
  await page.getByTestId('admin-ban-confirm').click();
  await expect(rowOf(page, member.email)).toContainText('Banned until');
  const refused = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
  expect(refused.status).toBe(403);
  await rowOf(page, member.email).getByTestId('admin-user-actions').click();
  await page.getByRole('menuitem', { name: 'Unban' }).click();
  await expect(rowOf(page, member.email)).toContainText('Active');

  // Create an account: the generated password is shown once.
  await page.getByTestId('admin-users-search').fill('');
  await page.getByTestId('admin-create-user').click();
  const made = uniqueUser('cmade');
  const dialog = page.getByTestId('admin-create-user-dialog');
  await dialog.getByLabel('Email').fill(made.email);
  await dialog.getByLabel('Name', { exact: true }).fill('Made In Console');
  await page.getByTestId('admin-create-user-confirm').click();
  await expect(page.getByTestId('admin-once-value')).toHaveText(/\S{12,}/);
  await page.getByTestId('admin-once-dialog').getByRole('button', { name: 'Close' }).first().click();
  await expect(rowOf(page, made.email)).toBeVisible();

  // Delete it, after confirming.
  await rowOf(page, made.email).getByTestId('admin-user-actions').click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  await expect(page.getByTestId('admin-delete-user-dialog')).toContainText(made.email);
  await page.getByTestId('confirm-button').click();
  await expect(rowOf(page, made.email)).toHaveCount(0);

  // The administrator cannot ban or delete themselves from the menu.
  await rowOf(page, admin.email).getByTestId('admin-user-actions').click();
  await expect(page.getByRole('menuitem', { name: 'Make regular user' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Ban…' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Delete…' })).toHaveCount(0);
  // Demoting the only administrator is refused by the server, and said so.
  await page.getByRole('menuitem', { name: 'Make regular user' }).click();
  await expect(page.getByText('This is the last administrator', { exact: false })).toBeVisible();

  // The audit log lists what happened, with the administrator's sign-in and its address.
  await page.getByTestId('admin-tab-audit').click();
  await page.waitForURL('**/admin/audit');
  const log = page.getByTestId('admin-audit-list');
  await expect(log).toContainText('user.delete');
  await expect(log).toContainText('user.ban');
  await expect(log).toContainText('admin.sign_in');
  await expect(log).toContainText('127.0.0.1');
  await page.screenshot({ path: `${SHOTS}/admin-audit-desktop.png` });
  await page.context().close();
});

test('an administrator writes a banner with a preview, and people see it', async ({ browser }) => {
  const page = await openAs(browser, admin);
  await page.goto('/admin/banners');
  await page.getByTestId('admin-banner-new').click();
  await page
    .getByTestId('admin-banner-message')
    .fill('<b>Maintenance</b> on Sunday. <img src=x onerror="window.__xss=1">');
  await expect(page.getByTestId('admin-banner-preview').locator('b')).toHaveText('Maintenance');
  expect(await page.getByTestId('admin-banner-preview').locator('[onerror]').count()).toBe(0);
  await page.screenshot({ path: `${SHOTS}/admin-banners-desktop.png` });
  await page.getByTestId('admin-banner-save').click();
  await expect(page.getByTestId('admin-banner-item')).toContainText('Maintenance on Sunday.');

  const other = await openAs(browser, member);
  await expect(other.getByTestId('banner')).toContainText('Maintenance on Sunday.');
  expect(await other.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await other.context().close();

  await page.getByTestId('admin-banner-item').getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('confirm-button').click();
  await expect(page.getByTestId('admin-banner-item')).toHaveCount(0);
  await page.context().close();
});

test("an administrator sees everyone's API keys and revokes one", async ({ browser }) => {
  const token = await tokenOf(spare);
  const made = await fetch(`${server.url}/api/api-keys`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'nightly export' }),
  });
  expect(made.status).toBe(201);
  const { key } = (await made.json()) as { key: string };

  const page = await openAs(browser, admin);
  await page.goto('/admin/api-keys');
  const row = page.getByTestId('admin-api-key-row').filter({ hasText: 'nightly export' });
  await expect(row).toContainText(spare.email);
  await expect(page.getByTestId('admin-api-keys-table')).not.toContainText(key);
  await page.screenshot({ path: `${SHOTS}/admin-api-keys-desktop.png` });
  await row.getByTestId('admin-revoke-key').click();
  await page.getByTestId('confirm-button').click();
  await expect(row).toHaveCount(0);
  const refused = await fetch(`${server.url}/v1/models`, { headers: { Authorization: `Bearer ${key}` } });
  expect(refused.status).toBe(401);
  await page.context().close();
});

test('the configuration tab shows warnings, health and parley.yaml without secrets', async ({ browser }) => {
  const page = await openAs(browser, admin);
  await page.goto('/admin/config');
  await expect(page.getByTestId('admin-config-warnings')).toContainText('ALLOW_PASSWORD_RESET');
  await expect(page.getByTestId('admin-config-health')).toContainText('Demo');
  await expect(page.getByTestId('admin-config-yaml')).toContainText('version');
  await page.screenshot({ path: `${SHOTS}/admin-config-desktop.png` });
  await page.context().close();
});

test('the console works on a phone', async ({ browser }) => {
  const page = await openAs(browser, admin, PHONE);
  await page.goto('/admin');
  await page.waitForURL('**/admin/users');
  await expect(rowOf(page, member.email)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-users-phone.png` });
  await rowOf(page, member.email).getByTestId('admin-user-actions').click();
  await expect(page.getByRole('menuitem', { name: 'Ban…' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-user-menu-phone.png` });
  await page.keyboard.press('Escape');
  await page.getByTestId('admin-tab-audit').click();
  await expect(page.getByTestId('admin-audit-entry').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-audit-phone.png` });
  await page.getByTestId('admin-tab-banners').click();
  await page.getByTestId('admin-banner-new').click();
  await page.getByTestId('admin-banner-message').fill('Read the <a href="https://example.com">news</a>.');
  await page.screenshot({ path: `${SHOTS}/admin-banners-phone.png` });
  await page.getByTestId('admin-tab-api-keys').click();
  await page.screenshot({ path: `${SHOTS}/admin-api-keys-phone.png` });
  await page.getByTestId('admin-tab-config').click();
  await expect(page.getByTestId('admin-config-yaml')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-config-phone.png` });
  await page.context().close();
});
