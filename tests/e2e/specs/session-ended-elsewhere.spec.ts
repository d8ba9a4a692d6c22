import { signIn } from '../support/chat.ts';
import { expect, loginViaUi, test } from '../support/fixtures.ts';

// Log out in one tab ends every tab's session. A second tab with a half-typed message went to
// /login on Send and the text was gone; now it says so, keeps the text in the box and sends
// nothing, and the text comes back after signing in again.

const SHOTS = process.env.SHOTS_OUT ?? 'test-results/screenshots';

test('a tab logged out elsewhere says so, keeps its text, and has it back after signing in', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const user = await signIn(page, baseURL!, 'endedelsewhere');
  const other = await page.context().newPage();
  await other.setViewportSize({ width: 1440, height: 900 });
  await other.goto('/c/new');
  const input = other.getByTestId('chat-input');
  await input.fill('Half a question, typed in the second tab');
  await other.waitForTimeout(1_500);

  // Both tabs are on a new chat: the text is that of the conversation on screen here too, so Log
  // out does not ask (logout-confirm.spec covers the question).
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL('**/login');

  const note = other.getByTestId('session-ended-note');
  await expect(note).toContainText('You logged out in another tab.');
  await expect(input).toHaveValue('Half a question, typed in the second tab');
  await input.press('Enter');
  await expect(other.getByTestId('message-user')).toHaveCount(0);
  await expect(input).toHaveValue('Half a question, typed in the second tab');
  for (const scheme of ['light', 'dark'] as const) {
    await other.emulateMedia({ colorScheme: scheme });
    await other.screenshot({ path: `${SHOTS}/session-ended-1440-${scheme}.png` });
  }

  await note.getByRole('link', { name: 'Sign in' }).click();
  await loginViaUi(other, user);
  await expect(other.getByTestId('session-ended-note')).toHaveCount(0);
  await expect(other.getByTestId('chat-input')).toHaveValue('Half a question, typed in the second tab');
});
