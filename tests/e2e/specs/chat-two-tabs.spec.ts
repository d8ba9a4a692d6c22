import { chooseModel, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

test("a conversation started in one tab appears in the other tab's sidebar", async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  // A second tab of the same browser (one context: the same session).
  const other = await page.context().newPage();
  await other.goto('/c/new');
  await expect(other.getByTestId('chat-input')).toBeVisible();
  await expect(other.getByTestId('conversation-row')).toHaveCount(0);

  await chooseModel(page, 'echo');
  await send(page, 'Hello from the first tab');
  await waitIdle(page);
  await expect(page.getByTestId('conversation-row')).toHaveCount(1);
  // No reload, no focus change: the other tab hears of it.
  await expect(other.getByTestId('conversation-row')).toHaveCount(1, { timeout: 15_000 });
  const title = (await page.getByTestId('conversation-row').first().textContent()) ?? '';
  await expect(other.getByTestId('conversation-row').first()).toHaveText(title, { timeout: 15_000 });
});
