import type { Page } from '@playwright/test';
import { chooseModel, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

/** The element that has the keyboard focus, described by its test id (or its tag). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.dataset.testid ?? el?.tagName.toLowerCase() ?? null;
  });

/** Starts the walk at the top of the page, as a fresh page load with nothing focused does. */
async function focusTopOfPage(page: Page) {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    document.body.tabIndex = -1;
    document.body.focus();
    document.body.removeAttribute('tabindex');
  });
}

// Chromium on Linux: the app's command chord is Alt+Shift (Control+Shift on a Mac).
const CHORD = 'Alt+Shift';

test('the chat can be used by keyboard alone: skip link, shortcuts, sidebar rows, edit and stop', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, baseURL!, 'keys');
  // Two conversations to walk between (set up with the echo model).
  await chooseModel(page, 'echo');
  for (const text of ['First conversation', 'Second conversation']) {
    await page.goto('/c/new');
    await send(page, text);
    await waitIdle(page);
    await expect(page).toHaveURL(/\/c\/(?!new)/);
  }
  const rows = page.getByTestId('conversation-row');
  await expect(rows).toHaveCount(2);
  const input = page.getByTestId('chat-input');

  // 1. The first tab stop is the skip link, visible while focused; it leads to the message box.
  await focusTopOfPage(page);
  await page.keyboard.press('Tab');
  const skip = page.getByTestId('skip-to-composer');
  await expect(skip).toBeFocused();
  const box = (await skip.boundingBox())!;
  expect(box.width).toBeGreaterThan(60);
  expect(box.height).toBeGreaterThan(20);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('Enter');
  await expect(input).toBeFocused();

  // 2. The shortcuts dialog: Ctrl+/ from the message box (it types nothing), Esc closes it.
  await page.keyboard.press('Control+/');
  const dialog = page.getByTestId('shortcuts-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('shortcut-newChat')).toContainText('New chat');
  await expect(dialog.getByTestId('shortcut-newChat')).toContainText('AltShiftN');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // ? in the message box is a question mark, not the dialog.
  await expect(input).toBeFocused();
  await page.keyboard.type('Why?');
  await expect(input).toHaveValue('Why?');
  await expect(dialog).toHaveCount(0);
  await input.fill('');

  // 3. The sidebar's rows are one tab stop; arrows move between them, → opens a row's menu.
  await focusTopOfPage(page);
  const tabbableInList = () =>
    page
      .getByTestId('conversation-list')
      .evaluate(
        (list) =>
          Array.from(list.querySelectorAll<HTMLElement>('a, button, input, [tabindex]')).filter(
            (el) => el.tabIndex >= 0,
          ).length,
      );
  expect(await tabbableInList()).toBe(1);
  let reachedRow = false;
  for (let i = 0; i < 25 && !reachedRow; i += 1) {
    await page.keyboard.press('Tab');
    reachedRow = (await focused(page)) === 'conversation-row';
  }
  expect(reachedRow).toBe(true);
  // The open conversation (the newest) holds the list's tab stop.
  await expect(rows.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(rows.nth(0)).toBeFocused();
  await page.keyboard.press('End');
  await expect(rows.nth(1)).toBeFocused();
  expect(await tabbableInList()).toBe(1);
  // Tab leaves the list in one step.
  await page.keyboard.press('Tab');
  expect(await focused(page)).not.toBe('conversation-row');
  await page.keyboard.press('Shift+Tab');
  await expect(rows.nth(1)).toBeFocused();
  // → opens the row's menu with its first item focused; Esc closes it and the row keeps the focus.
  await page.keyboard.press('ArrowRight');
  const menu = page.getByTestId('row-menu-content');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(rows.nth(1)).toBeFocused();
  // Shift+F10 opens it too.
  await page.keyboard.press('Shift+F10');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(rows.nth(1)).toBeFocused();
  // Enter opens the conversation.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('message-user')).toContainText('First conversation');
  // ? outside a text field opens the help, and closes it again.
  await rows.nth(1).focus();
  await page.keyboard.press('Shift+?');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Shift+?');
  await expect(dialog).toHaveCount(0);
  // Closed, it gives the focus back to the row it was opened from.
  await expect(rows.nth(1)).toBeFocused();

  // 4. The command chord: the message box, the sidebar, a new chat — from anywhere, also while typing.
  await page.keyboard.press(`${CHORD}+KeyM`);
  await expect(input).toBeFocused();
  await page.keyboard.type('draft');
  await page.keyboard.press(`${CHORD}+KeyS`);
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'closed');
  await expect(input).toHaveValue('draft');
  await page.keyboard.press(`${CHORD}+KeyS`);
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'open');
  await input.fill('');

  // 5. ↑ in the empty message box edits the last message sent; with text in the box it moves the caret.
  await input.focus();
  await page.keyboard.type('x');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('message-editor')).toHaveCount(0);
  // (↑ took the caret to the start of the line.)
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await expect(input).toHaveValue('');
  await page.keyboard.press('ArrowUp');
  const editor = page.getByTestId('message-editor');
  await expect(editor).toBeVisible();
  await expect(editor.locator('textarea')).toBeFocused();
  await expect(editor.locator('textarea')).toHaveValue('First conversation');
  await page.keyboard.press('Escape');
  await expect(editor).toHaveCount(0);

  // 6. Esc stops an answer while it is written.
  await page.keyboard.press(`${CHORD}+KeyN`);
  await expect(page).toHaveURL(/\/c\/new/);
  await expect(input).toBeFocused();
  await chooseModel(page, 'slow');
  await input.focus();
  await page.keyboard.type('Take your time');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('stop-button')).toBeVisible();
  await expect(page.getByTestId('message-assistant').last()).toContainText('Sentence 1', { timeout: 20_000 });
  await page.keyboard.press('Escape');
  await waitIdle(page);
  await expect(page.getByTestId('message-assistant').last()).not.toContainText('Sentence 20');
});
