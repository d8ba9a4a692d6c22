import { expect, test } from '../support/fixtures.ts';
import { signIn } from '../support/chat.ts';

test('the side panel opens a section from its rail, resizes, keeps its width and section, collapses and hides', async ({
  page,
  baseURL,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, baseURL!, 'panel');
  const rail = page.getByTestId('side-panel-rail');
  await expect(rail).toBeVisible();
  await rail.getByTestId('open-prompts-panel').click();
  const panel = page.getByTestId('prompts-side-panel');
  await expect(panel).toBeVisible();
  const before = (await panel.boundingBox())!.width;

  // Keyboard resize: the arrow towards the chat widens the panel.
  const handle = page.getByTestId('side-panel-resize');
  await handle.focus();
  for (let i = 0; i < 3; i += 1) await handle.press('ArrowLeft');
  await expect.poll(async () => (await panel.boundingBox())!.width).toBe(before + 48);

  // Pointer resize: drag the handle 100 px further towards the chat.
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 200);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 100, box.y + 200, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await panel.boundingBox())!.width).toBe(before + 148);
  await page.screenshot({ path: testInfo.outputPath('side-panel-desktop.png') });

  // The open section and its width survive a reload.
  await page.reload();
  await expect(page.getByTestId('prompts-side-panel')).toBeVisible();
  await expect
    .poll(async () => (await page.getByTestId('prompts-side-panel').boundingBox())!.width)
    .toBe(before + 148);

  // Collapse leaves the rail; the rail button opens it again.
  await page.getByTestId('side-panel-collapse').click();
  await expect(page.getByTestId('prompts-side-panel')).toHaveCount(0);
  await expect(rail.getByTestId('open-prompts-panel')).toHaveAttribute('aria-pressed', 'false');

  // The "hide side panel" setting removes it altogether.
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page
    .getByTestId('settings-dialog')
    .getByRole('switch', { name: 'Hide right-most side panel' })
    .click();
  await page.keyboard.press('Escape');
  await expect(rail).toHaveCount(0);
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page
    .getByTestId('settings-dialog')
    .getByRole('switch', { name: 'Hide right-most side panel' })
    .click();
  await page.keyboard.press('Escape');
  await expect(rail).toBeVisible();

  // A phone (at most 767 px): fully collapsed, opened over the chat from the header's ⋯ menu.
  await rail.getByTestId('open-prompts-panel').click();
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(rail).toHaveCount(0);
  await expect(page.getByTestId('prompts-side-panel')).toHaveCount(0);
  // The conversation sidebar stays open from the desktop size: close it first.
  await page.getByTestId('nav-mask').click({ position: { x: 360, y: 400 } });
  // The phone header keeps the side panel's button behind its ⋯ menu.
  await page.getByTestId('header-more').click();
  await page.getByTestId('side-panel-open').click();
  const overlay = page.getByTestId('prompts-side-panel');
  await expect(overlay).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('side-panel-phone.png') });
  await overlay.getByTestId('side-panel-collapse').click();
  await expect(overlay).toHaveCount(0);
});
