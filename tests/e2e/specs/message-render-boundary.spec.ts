import { chooseModel, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

const SHOTS = 'test-results/screenshots';

interface StoredMessage {
  messageId: string;
  text: string;
  isCreatedByUser: boolean;
  files?: unknown;
}

// Every message renders inside its own error boundary. A stored message whose attachments list
// is malformed (an entry that is not an object, as an old import or a hand-edited row could
// leave) makes the file strip throw while rendering; that message alone must fall back to its
// plain text, and the rest of the conversation and the page must stay usable.
test('a message whose rendering throws shows its plain-text fallback, and only that message', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signIn(page, baseURL!, 'renderboundary');
  await chooseModel(page, 'echo');
  await send(page, 'First question, rendered normally');
  await waitIdle(page);
  await send(page, 'Second question, whose **files** are broken');
  await waitIdle(page);
  await expect(page).toHaveURL(/\/c\/[^/]+$/);
  const conversationId = new URL(page.url()).pathname.split('/').pop()!;

  // The conversation as the server stores it, with the second question's attachments corrupted
  // on its way to the page.
  let corrupted = '';
  await page.route(`**/api/messages/${conversationId}`, async (route) => {
    const response = await route.fetch();
    const messages = (await response.json()) as StoredMessage[];
    const broken = messages.find((m) => m.isCreatedByUser && m.text.startsWith('Second question'));
    if (broken) {
      broken.files = [null, { type: 42, filename: { not: 'a string' } }];
      corrupted = broken.messageId;
    }
    await route.fulfill({ response, json: messages });
  });
  await page.reload();

  const fallback = page.getByTestId('message-render-fallback');
  await expect(fallback).toHaveCount(1);
  expect(corrupted).not.toBe('');
  const brokenRow = page.locator(`[data-message-id="${corrupted}"]`);
  await expect(brokenRow.getByTestId('message-render-fallback')).toBeVisible();
  await expect(fallback).toContainText('could not be displayed as formatted text');
  // The fallback is the message's own text, as written (its markdown not interpreted).
  await expect(fallback).toContainText('Second question, whose **files** are broken');

  // Everything else renders as usual: the first question, and both answers with their markdown.
  const users = page.getByTestId('message-user');
  const answers = page.getByTestId('message-assistant');
  await expect(users).toHaveCount(2);
  await expect(answers).toHaveCount(2);
  await expect(users.first()).toContainText('First question, rendered normally');
  await expect(users.first().getByTestId('message-render-fallback')).toHaveCount(0);
  for (const answer of await answers.all()) {
    await expect(answer.getByTestId('message-render-fallback')).toHaveCount(0);
  }
  await expect(answers.last().locator('strong')).toHaveText('files');
  // The boundary caught the error: nothing reached the page as an uncaught error.
  expect(errors).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/message-render-fallback.png` });

  // The page is still usable: the next question is asked and answered.
  await page.unroute(`**/api/messages/${conversationId}`);
  await send(page, 'Third question after the broken one');
  await waitIdle(page);
  await expect(answers.last()).toContainText('Third question after the broken one');
});
