import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

test("a provider error shows the provider's words and status, without the generic preamble", async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'error-500');
  await send(page, 'Break please');
  const error = lastAnswer(page).getByTestId('message-error');
  await expect(error).toHaveText(
    'The model provider answered with an error (500): The server had an error while processing your request. Sorry about that!',
  );
  // A server error says no wait: nothing counts down.
  await expect(lastAnswer(page).getByTestId('retry-countdown')).toHaveCount(0);
  await waitIdle(page);
  // An error answer offers only regenerate.
  await expect(lastAnswer(page).getByTestId('regenerate')).toBeVisible();
  await expect(lastAnswer(page).getByTestId('copy-message')).toHaveCount(0);
});

test('a rate limit counts down the wait the provider asked for and tries again once by itself', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'error-429');
  await send(page, 'Too fast?');
  const error = lastAnswer(page).getByTestId('message-error');
  await expect(error).toHaveText(
    "The model provider's rate limit was reached: Rate limit reached for requests. Please try again in 2s.",
  );
  await expect(lastAnswer(page).getByTestId('retry-countdown')).toContainText(/Trying again in [12] s/);
  const failed = await lastAnswer(page).getAttribute('data-message-id');
  // The wait is over: the question is asked again, once only. Its answer takes the failed one's
  // place: one failed send is one error answer (not "1 / 2" and "2 / 2" of the same error), and
  // an error answer shows no "0 → 0 tokens".
  await expect(lastAnswer(page)).not.toHaveAttribute('data-message-id', failed!, { timeout: 15_000 });
  await waitIdle(page);
  await expect(lastAnswer(page).getByTestId('retry-countdown')).toHaveCount(0);
  await expect(lastAnswer(page).getByTestId('message-error')).toBeVisible();
  await page.waitForTimeout(3_000);
  await expect(page.getByTestId('message-assistant')).toHaveCount(1);
  await expect(lastAnswer(page).getByTestId('sibling-nav')).toHaveCount(0);
  await expect(lastAnswer(page).getByTestId('answer-figures')).toHaveCount(0);
  // The same after a reload: the server kept one answer too.
  await page.reload();
  await expect(lastAnswer(page).getByTestId('message-error')).toBeVisible();
  await expect(page.getByTestId('message-assistant')).toHaveCount(1);
  await expect(lastAnswer(page).getByTestId('sibling-nav')).toHaveCount(0);
});

test("a rate limit's retry can be declined", async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'error-429');
  // The provider asks for 8 s here instead of the simulator's 2, so a loaded machine has time to click.
  await page.route('**/api/agents/chat/**', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replaceAll('\\"retryAfter\\":2', '\\"retryAfter\\":8');
    await route.fulfill({ response, body });
  });
  await send(page, 'Not again');
  await expect(lastAnswer(page).getByTestId('retry-countdown')).toContainText(/Trying again in [5-8] s/);
  await lastAnswer(page).getByTestId('retry-cancel').click();
  await expect(lastAnswer(page).getByTestId('retry-countdown')).toHaveCount(0);
  // Past the 8 s: no second answer came.
  await page.waitForTimeout(9_000);
  await expect(page.getByTestId('message-assistant')).toHaveCount(1);
  await expect(lastAnswer(page).getByTestId('sibling-nav')).toHaveCount(0);
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
