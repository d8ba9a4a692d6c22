import type { Locator, Page } from '@playwright/test';
import { chooseModel, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

// Every button that shows no text (an icon) has an accessible name and shows that name in a
// tooltip on hover and on keyboard focus, on each of the main surfaces: the chat with an answer,
// the sidebar, the side panel's prompts and agent builder, every settings tab, the prompts page.

const CONTROLS = 'button, [role="button"]';

/**
 * The icon-only buttons inside `scope` not checked yet: shown, and without text on screen. Each is
 * marked, so a surface that still shows buttons checked on an earlier one does not repeat them.
 */
async function uncheckedIconButtons(scope: Locator): Promise<Locator[]> {
  const found: Locator[] = [];
  for (const control of await scope.locator(CONTROLS).all()) {
    const fresh = await control.evaluate((el) => {
      const html = el as HTMLElement;
      if (html.dataset.iconChecked || !html.checkVisibility()) return false;
      if (html.closest('[data-no-tooltip]') || html.innerText.trim() !== '') return false;
      // A switch named by a <label> written beside it shows its name already.
      const labels = (el as HTMLButtonElement).labels ?? [];
      if (Array.from(labels).some((label) => label.innerText.trim() !== '')) return false;
      html.dataset.iconChecked = '1';
      return true;
    });
    if (fresh) found.push(control);
  }
  return found;
}

async function describe(control: Locator): Promise<string> {
  return control.evaluate((el) => el.outerHTML.slice(0, 160));
}

/** Moves the pointer onto a spot of the page that is no control, so no tooltip can open there. */
async function movePointerAway(page: Page): Promise<void> {
  const spot = await page.evaluate(() => {
    for (let y = 5; y < innerHeight; y += 37) {
      for (let x = 5; x < innerWidth; x += 41) {
        const el = document.elementFromPoint(x, y);
        if (
          el &&
          !el.closest('button, a, input, textarea, select, [role="button"], [role="switch"], [role="tab"]')
        ) {
          return { x, y };
        }
      }
    }
    return { x: 0, y: 0 };
  });
  await page.mouse.move(spot.x, spot.y);
}

/** The name, then the tooltip under the pointer, then the tooltip on focus. */
async function expectNamedWithTooltip(page: Page, control: Locator): Promise<void> {
  const what = await describe(control);
  const label = await control.evaluate(
    (el) => el.getAttribute('aria-label')?.trim() || el.getAttribute('title')?.trim() || '',
  );
  expect(label, `an aria-label on ${what}`).not.toBe('');
  await expect(control, `the accessible name of ${what}`).toHaveAccessibleName(label);
  const tooltip = page.getByTestId('icon-tooltip');
  await control.hover();
  await expect(tooltip, `the hover tooltip of ${what}`).toHaveText(label);
  await movePointerAway(page);
  await expect(tooltip).toHaveCount(0);
  // A disabled button takes no focus (the send button of an empty message box).
  if (await control.isDisabled()) return;
  // Keyboard focus, as the browser sees it: a key pressed, then the focus moved.
  await page.keyboard.press('Shift');
  await control.focus();
  await expect(tooltip, `the focus tooltip of ${what}`).toHaveText(label);
  await control.blur();
  await expect(tooltip).toHaveCount(0);
}

async function checkSurface(page: Page, scope: Locator, name: string): Promise<number> {
  const buttons = await uncheckedIconButtons(scope);
  for (const control of buttons) {
    await test.step(`${name}: ${await describe(control)}`, () => expectNamedWithTooltip(page, control));
  }
  return buttons.length;
}

test('every icon-only button has a name and shows it as a tooltip on hover and focus', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, baseURL!, 'icons');
  await chooseModel(page, 'echo');
  await send(page, 'Icons and their names');
  await waitIdle(page);
  let checked = 0;

  // The chat with its answer's actions (shown on hover), the header and the message box.
  await page.getByTestId('message-assistant').last().hover();
  checked += await checkSurface(page, page.locator('main'), 'chat');
  // The sidebar, with a row's own buttons.
  const sidebar = page.getByTestId('sidebar');
  await sidebar.getByTestId('conversation-row').first().hover();
  checked += await checkSurface(page, sidebar, 'sidebar');

  // The side panel: prompts, then the agent builder.
  await page.getByTestId('side-panel-rail').getByTestId('open-prompts-panel').click();
  checked += await checkSurface(page, page.getByTestId('prompts-side-panel'), 'prompts panel');
  await page.getByTestId('side-panel-rail').getByTestId('open-agents-panel').click();
  await expect(page.getByTestId('agent-builder')).toBeVisible();
  checked += await checkSurface(page, page.getByTestId('agent-builder'), 'agent builder');
  checked += await checkSurface(page, page.locator('body'), 'the rest of the chat page');

  // Every settings tab.
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const dialog = page.getByTestId('settings-dialog');
  for (const tab of await dialog.getByRole('tab').all()) {
    await tab.click();
    checked += await checkSurface(page, dialog, `settings ${await tab.innerText()}`);
  }
  await dialog.getByTestId('archive-manage').click();
  checked += await checkSurface(page, dialog, 'archived chats');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The prompts page.
  await page.goto('/d/prompts');
  await expect(page.getByTestId('prompts-header')).toBeVisible();
  checked += await checkSurface(page, page.locator('body'), 'prompts page');

  // The walk reached the app's icon buttons (sidebar toggle, new chat, copy, edit, the rail…).
  expect(checked).toBeGreaterThan(15);
});
