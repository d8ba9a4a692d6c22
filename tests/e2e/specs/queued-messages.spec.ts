import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

const SHOTS = process.env.PW_SHOTS_DIR ?? '/tmp/parley-shots';

test('Enter while an answer streams queues the message: edited, cancelled, and sent after the answer', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!, 'queue');
  await page.setViewportSize({ width: 1440, height: 900 });
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 429) refused.push(r.url());
  });
  await chooseModel(page, 'echo');
  await send(page, 'Start here');
  await waitIdle(page);
  await expect(page).toHaveURL(/\/c\/(?!new)/);

  await chooseModel(page, 'slow');
  await send(page, 'Answer slowly');
  await expect(lastAnswer(page)).toContainText('Sentence 2 of the slow answer', { timeout: 20_000 });
  const input = page.getByTestId('chat-input');
  const queued = page.getByTestId('queued-message');
  await input.fill('A message I will cancel');
  await input.press('Enter');
  await input.fill('A message with a typo');
  await input.press('Enter');
  await expect(queued).toHaveCount(2);
  await expect(queued.first()).toContainText('Queued');
  await expect(input).toHaveValue('');
  await page.screenshot({ path: `${SHOTS}/queued-messages-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone the sidebar opens over the chat when the window narrows: closed, as a person would.
  const mask = page.getByTestId('nav-mask');
  if (await mask.isVisible()) await mask.click({ position: { x: 370, y: 400 } });
  await expect(queued.first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/queued-messages-390.png` });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Cancel drops the first; Edit takes the second back into the box, and Enter queues it again.
  await queued.first().getByTestId('queued-cancel').click();
  await expect(queued).toHaveCount(1);
  await queued.first().getByTestId('queued-edit').click();
  await expect(queued).toHaveCount(0);
  await expect(input).toHaveValue('A message with a typo');
  await input.fill('A message without a typo');
  await input.press('Enter');
  await expect(queued.getByTestId('queued-text')).toHaveText('A message without a typo');
  // Still answering: nothing was sent.
  await expect(page.getByTestId('message-user')).toHaveCount(2);
  await expect(page.getByTestId('stop-button')).toBeVisible();

  // The answer ends (stopped here): the queued message goes under it, and is answered.
  await page.getByTestId('stop-button').click();
  await expect(page.getByTestId('message-user')).toHaveCount(3, { timeout: 15_000 });
  await expect(page.getByTestId('message-user').last()).toContainText('A message without a typo');
  await expect(queued).toHaveCount(0);
  await expect(lastAnswer(page)).toContainText('Sentence 1 of the slow answer', { timeout: 20_000 });
  await page.getByTestId('stop-button').click();
  await waitIdle(page);
  await page.reload();
  await expect(page.getByTestId('message-user')).toHaveCount(3);
  await expect(page.getByTestId('message-user').last()).toContainText('A message without a typo');
  await expect(page.getByText('A message I will cancel')).toHaveCount(0);
  expect(refused, 'no send was refused as concurrent').toEqual([]);
});
