import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

// The chat header's Quit signed out every tab in one click, beside Bookmark and Export. It reads
// "Log out" now, says in its tooltip that every tab is signed out, and asks first when an answer
// is being written or another conversation's box (another tab's) holds text not sent.

const SHOTS = process.env.SHOTS_OUT ?? 'test-results/screenshots';

test('"Log out" is labelled, explains itself, and logs out at once when nothing would be lost', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, baseURL!, 'logoutplain');
  const button = page.getByRole('button', { name: 'Log out' });
  await expect(button).toBeVisible();
  await expect(button).toHaveAttribute('title', 'Signs you out in every tab of this browser');
  // Text in the box on screen is in front of the user (and kept for the next sign-in): no question.
  await page.getByTestId('chat-input').fill('my own text');
  await button.click();
  await page.waitForURL('**/login');
});

test('another tab holding unsent text: Log out asks first, Cancel keeps everyone signed in', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, baseURL!, 'logoutdraft');
  await chooseModel(page, 'echo');
  await send(page, 'A conversation of its own');
  await waitIdle(page);
  await expect(page).toHaveURL(/\/c\/(?!new)/);

  const other = await page.context().newPage();
  await other.goto('/c/new');
  await other.getByTestId('chat-input').fill('Half a question in another tab');
  // Past the draft's save delay.
  await other.waitForTimeout(1_500);

  await page.getByRole('button', { name: 'Log out' }).click();
  const dialog = page.getByTestId('logout-confirm');
  await expect(dialog).toContainText('Log out of every tab?');
  await expect(dialog).toContainText('A message box holds text you have not sent yet.');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SHOTS}/logout-confirm-1440-${scheme}.png` });
  }
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/c\/(?!new)/);

  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByTestId('logout-confirm').getByTestId('confirm-button').click();
  await page.waitForURL('**/login');
});

test('an answer being written: Log out asks first', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, baseURL!, 'logoutstream');
  await chooseModel(page, 'slow');
  await send(page, 'Write slowly');
  await expect(lastAnswer(page)).toContainText('Sentence 1 of the slow answer', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Log out' }).click();
  const dialog = page.getByTestId('logout-confirm');
  await expect(dialog).toContainText('An answer is still being written: it will stop.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('stop-button')).toBeVisible();
  await page.getByTestId('stop-button').click();
});
