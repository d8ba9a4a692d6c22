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

test('a message sent in a conversation another tab is answering is queued, and sent when that answer ends', async ({
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
  const refused: string[] = [];
  for (const tab of [page, other]) {
    tab.on('response', (r) => {
      if (r.status() === 429) refused.push(r.url());
    });
  }
  await other.goto(page.url());
  await expect(other.getByTestId('message-user')).toHaveCount(1);

  // The first tab asks the slow model; the second does not know of it until it tries to send.
  await chooseModel(page, 'slow');
  await send(page, 'Answer slowly');
  await expect(lastAnswer(page)).toContainText('Sentence 2 of the slow answer', { timeout: 20_000 });
  // The second tab's messages are answered by echo, quickly.
  await chooseModel(other, 'echo');
  const input = other.getByTestId('chat-input');
  await input.fill('My next question');
  await input.press('Enter');
  const note = other.getByTestId('answering-elsewhere');
  await expect(note).toContainText('This conversation is answering in another tab');
  const queued = other.getByTestId('queued-message');
  await expect(queued).toHaveCount(1);
  await expect(queued.getByTestId('queued-text')).toHaveText('My next question');
  await expect(input).toHaveValue('');
  // Meanwhile the second tab follows that answer; a second Enter queues a second message.
  await expect(other.getByTestId('message-user').last()).toContainText('Answer slowly', { timeout: 15_000 });
  await expect(lastAnswer(other)).toContainText('of the slow answer', { timeout: 15_000 });
  await input.fill('And one more');
  await input.press('Enter');
  await expect(queued).toHaveCount(2);
  await expect(other.getByTestId('message-user')).toHaveCount(2);
  const shots = process.env.PW_SHOTS_DIR ?? '/tmp/parley-shots';
  await other.setViewportSize({ width: 1440, height: 900 });
  await other.screenshot({ path: `${shots}/queued-other-tab-1440.png` });

  // The answer ends (stopped in the first tab): the queued messages go, one after the other, each
  // under the answer before it.
  await page.getByTestId('stop-button').click();
  await waitIdle(page);
  await expect(note).toHaveCount(0, { timeout: 15_000 });
  await expect(other.getByTestId('message-user')).toHaveCount(4, { timeout: 20_000 });
  await expect(other.getByTestId('message-user').nth(2)).toContainText('My next question');
  await expect(other.getByTestId('message-user').nth(3)).toContainText('And one more');
  await waitIdle(other);
  await expect(queued).toHaveCount(0);
  await expect(lastAnswer(other)).toContainText('And one more');
  // The first tab sees the same thread after a reload: the messages went under the answers.
  await page.reload();
  await expect(page.getByTestId('message-user')).toHaveCount(4);
  await expect(page.getByTestId('message-assistant')).toHaveCount(4);
  expect(refused, 'no send was refused as concurrent').toEqual([]);
});
