import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
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

test('Enter in a conversation another tab is answering keeps the text and says so until that answer ends', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'echo');
  await send(page, 'Start here');
  await waitIdle(page);
  await expect(page).toHaveURL(/\/c\/(?!new)/);
  // The same conversation open in a second tab of the same browser.
  const other = await page.context().newPage();
  await other.goto(page.url());
  await expect(other.getByTestId('message-user')).toHaveCount(1);

  // The first tab asks the slow model; the second does not know of it until it tries to send.
  await chooseModel(page, 'slow');
  await send(page, 'Answer slowly');
  await expect(lastAnswer(page)).toContainText('Sentence 2 of the slow answer', { timeout: 20_000 });
  const input = other.getByTestId('chat-input');
  await input.fill('My next question');
  await input.press('Enter');
  const note = other.getByTestId('answering-elsewhere');
  await expect(note).toBeVisible();
  await expect(note).toContainText('This conversation is answering in another tab');
  await expect(input).toHaveValue('My next question');
  // Meanwhile the second tab follows that answer, and Enter still sends nothing.
  await expect(other.getByTestId('message-user').last()).toContainText('Answer slowly', { timeout: 15_000 });
  await expect(lastAnswer(other)).toContainText('of the slow answer', { timeout: 15_000 });
  await input.press('Enter');
  await expect(input).toHaveValue('My next question');
  await expect(other.getByTestId('message-user')).toHaveCount(2);

  // The answer ends (stopped in the first tab): the note goes, the messages are the saved ones,
  // and the text is still in the box.
  await page.getByTestId('stop-button').click();
  await waitIdle(page);
  await expect(note).toHaveCount(0, { timeout: 15_000 });
  await expect(other.getByTestId('message-user')).toHaveCount(2);
  await expect(other.getByTestId('message-assistant')).toHaveCount(2);
  await expect(input).toHaveValue('My next question');
  await waitIdle(other);

  // Now it sends.
  await input.press('Enter');
  await expect(other.getByTestId('message-user')).toHaveCount(3);
  await expect(other.getByTestId('message-user').last()).toContainText('My next question');
  await expect(input).toHaveValue('');
  await expect(note).toHaveCount(0);
});
