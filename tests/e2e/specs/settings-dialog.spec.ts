import type { Browser } from '@playwright/test';
import { chooseModel, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectEveryTabFilledAndOneSize, openSettings } from '../support/settings-dialog.ts';

// The settings dialog keeps one box across its tabs (also on a phone, where it fits the screen),
// no tab is empty, and the archive and shared-links managers open inside it, Escape or back
// returning to the tab they were opened from.

test('the settings dialog keeps one size on every tab, none of them empty, at 1440×900 and on a phone', async ({
  browser,
  baseURL,
}) => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ baseURL, viewport });
    const page = await context.newPage();
    await signIn(page, baseURL!, 'settingsbox');
    if (viewport.width < 768) {
      await page.getByTestId('mobile-header').getByRole('button', { name: 'Toggle sidebar' }).click();
    }
    const dialog = await openSettings(page);
    const tabs = await expectEveryTabFilledAndOneSize(dialog);
    expect(tabs).toEqual(
      expect.arrayContaining(['General', 'Chat', 'Commands', 'Speech', 'Data controls', 'Account']),
    );
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    await context.close();
  }
});

async function signedInWithChat(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, baseURL, 'settingsview');
  await chooseModel(page, 'echo');
  await send(page, 'Kept for the archive');
  await waitIdle(page);
  return page;
}

test('the archive manager opens inside the settings dialog; back and Escape return to the tab', async ({
  browser,
  baseURL,
}) => {
  const page = await signedInWithChat(browser, baseURL!);
  const dialog = await openSettings(page);
  const box = (await dialog.boundingBox())!;
  const manage = dialog.getByTestId('archive-manage');
  await manage.click();

  // One dialog: the manager replaces the tabs inside the same box.
  const manager = dialog.getByTestId('archive-manager');
  await expect(manager).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(dialog.getByRole('tablist')).toBeHidden();
  await expect(manager.getByRole('heading', { name: 'Archived chats' })).toBeVisible();
  expect(await dialog.boundingBox()).toEqual(box);
  await expect(manager.getByTestId('sub-view-back')).toBeFocused();

  // Back returns to General, focus on the button that opened the manager.
  await manager.getByRole('button', { name: 'Back to settings' }).click();
  await expect(manager).toHaveCount(0);
  await expect(dialog.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  await expect(manage).toBeFocused();

  // Escape goes back too, and only a second Escape closes the dialog.
  await manage.click();
  await expect(manager).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(manager).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(manage).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Closed on a sub-view, the dialog opens again on its tabs.
  await openSettings(page);
  await manage.click();
  await expect(manager).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await openSettings(page);
  await expect(dialog.getByRole('tablist')).toBeVisible();
  await expect(manager).toHaveCount(0);
  await page.context().close();
});

test('the shared-links manager opens inside the dialog and goes back to Data controls', async ({
  browser,
  baseURL,
}) => {
  const page = await signedInWithChat(browser, baseURL!);
  const dialog = await openSettings(page);
  await dialog.getByRole('tab', { name: 'Data controls' }).click();
  await dialog.getByTestId('shared-links-manage').click();
  const manager = dialog.getByTestId('shared-links-manager');
  await expect(manager).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(manager.getByTestId('no-data')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(manager).toHaveCount(0);
  await expect(dialog.getByRole('tab', { name: 'Data controls' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByTestId('shared-links-manage')).toBeFocused();
  await page.context().close();
});
