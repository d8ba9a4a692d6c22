import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

test('sending streams the echo answer, names the conversation and lists it at the top', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!);
  await expect(page.getByTestId('greeting')).toBeVisible();
  await chooseModel(page, 'echo');
  await send(page, 'Hello there simulator');

  await expect(page.getByTestId('message-user')).toContainText('Hello there simulator');
  await expect(lastAnswer(page)).toContainText('Hello there simulator');
  await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
  await waitIdle(page);

  // The generated title shows in the header, the page title and at the top of the list.
  const firstRow = page.getByTestId('conversation-row').first();
  await expect(firstRow).toHaveText('Hello there simulator');
  await expect(page.getByTestId('conversation-title')).toHaveText('Hello there simulator');
  await expect(page).toHaveTitle('Hello there simulator');
  await expect(page.getByTestId('date-group').first()).toHaveText('Today');

  // A second conversation goes above the first.
  await page.getByTestId('new-chat').click();
  await page.waitForURL('**/c/new');
  await send(page, 'Second chat here');
  await expect(lastAnswer(page)).toContainText('Second chat here');
  await waitIdle(page);
  await expect(page.getByTestId('conversation-row').first()).toHaveText('Second chat here');
  await expect(page.getByTestId('conversation-row').nth(1)).toHaveText('Hello there simulator');

  // Reopening the first one from the list loads its messages.
  await page.getByTestId('conversation-row').nth(1).click();
  await expect(page.getByTestId('message-user').getByTestId('message-text')).toHaveText(
    'Hello there simulator',
  );
  await expect(page).toHaveTitle('Hello there simulator');
});

test('an unknown conversation id opens a new chat', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  await page.goto('/c/00000000-1111-2222-3333-444444444444');
  await page.waitForURL('**/c/new');
  await expect(page.getByTestId('greeting')).toBeVisible();
});
