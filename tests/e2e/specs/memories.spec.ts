import type { Page } from '@playwright/test';
import { signIn } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

async function openPersonalization(page: Page) {
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const dialog = page.getByTestId('settings-dialog');
  await dialog.getByRole('tab', { name: 'Personalization' }).click();
  return dialog;
}

test('the memory manager adds, edits and deletes memories and the switch turns their use off', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!, 'memories');
  const dialog = await openPersonalization(page);
  const manager = dialog.getByTestId('memory-manager');
  await expect(manager).toContainText('No memories yet');
  await expect(dialog.getByTestId('memory-usage')).toHaveText('0 tokens used');

  await manager.getByTestId('memory-add').click();
  const form = manager.getByTestId('memory-create-form');
  await form.getByTestId('memory-key-input').fill('favourite_language');
  await form.getByTestId('memory-value-input').fill('Writes TypeScript and reads Rust');
  await form.getByTestId('memory-submit').click();
  const row = manager.getByTestId('memory-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('memory-key')).toHaveText('favourite_language');
  await expect(row).toContainText(/\d+ tokens/);
  await expect(dialog.getByTestId('memory-usage')).toHaveText(/^[1-9]\d* tokens used$/);

  // A key already used is refused with the server's reason, and the typed text stays.
  await manager.getByTestId('memory-add').click();
  await form.getByTestId('memory-key-input').fill('favourite_language');
  await form.getByTestId('memory-value-input').fill('Something else');
  await form.getByTestId('memory-submit').click();
  await expect(form.getByTestId('memory-form-error')).toHaveText(
    'A memory with the key "favourite_language" already exists.',
  );
  await expect(form.getByTestId('memory-value-input')).toHaveValue('Something else');
  await form.getByRole('button', { name: 'Cancel' }).click();

  await row.getByTestId('memory-edit').click();
  const edit = row.getByTestId('memory-edit-form');
  await edit.getByTestId('memory-key-input').fill('languages');
  await edit.getByTestId('memory-value-input').fill('TypeScript, Rust and a little Go');
  await edit.getByTestId('memory-submit').click();
  await expect(row.getByTestId('memory-key')).toHaveText('languages');
  await expect(row.getByTestId('memory-value')).toHaveText('TypeScript, Rust and a little Go');
  await page.screenshot({ path: test.info().outputPath('memories.png') });

  const preference = dialog.getByTestId('memory-preference');
  await expect(preference).toHaveAttribute('data-state', 'checked');
  await preference.click();
  await expect(preference).toHaveAttribute('data-state', 'unchecked');

  await row.getByTestId('memory-delete').click();
  await row.getByTestId('memory-delete-confirm').click();
  await expect(manager.getByTestId('memory-row')).toHaveCount(0);

  // What the server kept survives a reload.
  await page.reload();
  const again = await openPersonalization(page);
  await expect(again.getByTestId('memory-preference')).toHaveAttribute('data-state', 'unchecked');
  await expect(again.getByTestId('memory-manager')).toContainText('No memories yet');
});
