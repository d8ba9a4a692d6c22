import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

// A conversation's title reaches every tab that has it open: the second tab's header showed
// "New Chat" for good after the first tab's answer had named the conversation (only the sidebar
// lists were read again).

test("a title given in one tab reaches the other tab's header", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, baseURL!, 'titletabs');
  await chooseModel(page, 'slow');
  await send(page, 'Titles across tabs please');
  await expect(page).toHaveURL(/\/c\/(?!new)/, { timeout: 20_000 });
  await expect(lastAnswer(page)).toContainText('Sentence 1 of the slow answer', { timeout: 20_000 });

  const other = await page.context().newPage();
  await other.setViewportSize({ width: 1440, height: 900 });
  await other.goto(page.url());
  await expect(other.getByTestId('message-user')).toHaveCount(1);
  // Not titled yet while the first answer runs.
  await expect(other.getByTestId('conversation-title')).toHaveText('New Chat');

  await page.getByTestId('stop-button').click();
  await waitIdle(page);
  await expect(page.getByTestId('conversation-title')).not.toHaveText('New Chat', { timeout: 15_000 });
  const title = (await page.getByTestId('conversation-title').textContent())!;
  // No reload and no focus change in the second tab.
  await expect(other.getByTestId('conversation-title')).toHaveText(title, { timeout: 15_000 });
});
