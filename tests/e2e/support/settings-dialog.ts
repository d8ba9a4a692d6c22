import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Opens Settings from the account menu and returns the dialog, its entrance animation over. */
export async function openSettings(page: Page): Promise<Locator> {
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const dialog = page.getByTestId('settings-dialog');
  await expect(dialog).toBeVisible();
  // The dialog grows in from 99 %: measure it once it stands still.
  await dialog.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  return dialog;
}

/**
 * Walks every tab of the open settings dialog: none is blank (each shows a setting, or the
 * Balance tab its figures), and the dialog's box is the same on every tab. Returns the tabs' names.
 */
export async function expectEveryTabFilledAndOneSize(dialog: Locator): Promise<string[]> {
  const names: string[] = [];
  let first: { width: number; height: number } | null = null;
  for (const tab of await dialog.getByRole('tab').all()) {
    const name = (await tab.innerText()).trim();
    names.push(name);
    await tab.click();
    const panel = dialog.getByRole('tabpanel', { name, exact: true });
    await expect(panel).toBeVisible();
    // A setting, or (Balance) the figures it shows: never a blank panel.
    const content = panel.locator('button, select, input, [role="switch"], table, [data-testid]');
    await expect(content.first(), `the ${name} tab shows something`).toBeVisible();
    await expect.poll(async () => (await panel.innerText()).trim(), `the ${name} tab's text`).not.toBe('');
    const box = (await dialog.boundingBox())!;
    first ??= { width: box.width, height: box.height };
    expect(Math.round(box.width), `the dialog's width on ${name}`).toBe(Math.round(first.width));
    expect(Math.round(box.height), `the dialog's height on ${name}`).toBe(Math.round(first.height));
  }
  return names;
}
