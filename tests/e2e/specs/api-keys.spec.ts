import { expect, loginViaUi, registerViaApi, test, uniqueUser } from '../support/fixtures.ts';

test('creates a personal API key in Settings, shows it once, and revokes it', async ({
  page,
  baseURL,
}, testInfo) => {
  const user = uniqueUser('apikey');
  await registerViaApi(baseURL!, user);
  await loginViaUi(page, user);
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByTestId('settings-dialog');
  await settings.getByRole('tab', { name: 'API keys' }).click();
  const tab = settings.getByTestId('api-keys-tab');
  await expect(tab.getByText('You have no API keys yet.')).toBeVisible();
  await expect(tab.getByText(`${new URL(baseURL!).origin}/v1`)).toBeVisible();

  await tab.getByTestId('create-api-key').click();
  const create = page.getByTestId('create-api-key-dialog');
  await create.getByLabel('Name').fill('Editor on my laptop');
  await create.getByTestId('api-key-expiry').selectOption('30');
  await create.getByRole('button', { name: 'Create key' }).click();

  const created = page.getByTestId('created-api-key-dialog');
  const key = (await created.getByTestId('created-api-key').textContent())!;
  expect(key).toMatch(/^pk-parley-[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
  await page.screenshot({ path: testInfo.outputPath('api-key-created.png') });
  await created.getByRole('button', { name: 'Done' }).click();

  const item = tab.getByTestId('api-key-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Editor on my laptop');
  await expect(item).toContainText(key.slice(0, 16));
  await expect(item).not.toContainText(key.slice(30));
  await expect(item).toContainText('Never used');
  await page.screenshot({ path: testInfo.outputPath('api-keys-list.png') });

  const models = await fetch(`${baseURL}/v1/models`, { headers: { authorization: `Bearer ${key}` } });
  expect(models.status).toBe(200);

  await item.getByRole('button', { name: 'Revoke Editor on my laptop' }).click();
  await page.getByTestId('revoke-api-key-dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(tab.getByText('You have no API keys yet.')).toBeVisible();
  const refused = await fetch(`${baseURL}/v1/models`, { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status).toBe(401);
});
