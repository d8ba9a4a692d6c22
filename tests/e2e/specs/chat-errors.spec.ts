import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

test('a provider error shows the generic text with the server message', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'error-500');
  await send(page, 'Break please');
  const error = lastAnswer(page).getByTestId('message-error');
  await expect(error).toContainText(
    "Something went wrong. Here's the specific error message we encountered:",
  );
  await expect(error).toContainText('500');
  await waitIdle(page);
  // An error answer offers only regenerate.
  await expect(lastAnswer(page).getByTestId('regenerate')).toBeVisible();
  await expect(lastAnswer(page).getByTestId('copy-message')).toHaveCount(0);
});

test('no connection: the connection error shows after 5.5 s', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'echo');
  await page.route('**/api/agents/chat/Demo', (route) => route.abort('connectionrefused'));
  const sentAt = Date.now();
  await send(page, 'Anyone there?');
  const error = lastAnswer(page).getByTestId('message-error');
  await expect(error).toHaveText('Error connecting to server, try refreshing the page.', { timeout: 10_000 });
  expect(Date.now() - sentAt).toBeGreaterThanOrEqual(5_000);
});

test('a limit error from the server is worded by the catalogue', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'echo');
  await page.route('**/api/agents/chat/Demo', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Too many', type: 'concurrent', limit: 1 }),
    }),
  );
  await send(page, 'Two at once');
  await expect(lastAnswer(page).getByTestId('message-error')).toHaveText(
    'Only 1 message(s) at a time. Please allow any other responses to complete before sending another message, or wait one minute.',
  );
  // Nothing was saved: the next message does not hang under the refused one.
  await page.unroute('**/api/agents/chat/Demo');
  await send(page, 'Now alone');
  await expect(lastAnswer(page)).toContainText('Now alone');
});

test('an answer can be edited in place and the change is saved', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'echo');
  await send(page, 'Answer to edit');
  await waitIdle(page);
  await lastAnswer(page).getByTestId('edit-message').click();
  const editor = page.getByTestId('message-editor');
  await expect(editor.getByTestId('edit-submit')).toHaveCount(0);
  await editor.getByRole('textbox').fill('An edited **answer**');
  await editor.getByTestId('edit-save').click();
  await expect(lastAnswer(page).locator('strong')).toHaveText('answer');
  await page.reload();
  await expect(lastAnswer(page)).toContainText('An edited answer');
  await expect(page.getByTestId('message-assistant')).toHaveCount(1);
});
