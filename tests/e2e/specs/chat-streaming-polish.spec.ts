import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

// A streaming answer as it is written: highlighted code before it ends, the view at the true end
// of the answer once it ends, and a re-attached stream labelled as before the reload.

test('a code block is highlighted while it is still being written', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'slow-code');
  await send(page, 'Some code please');
  // Half written: the completed lines are coloured, the answer still streams.
  const streaming = page.locator('[data-testid="message-assistant"][data-streaming]');
  await expect(streaming.locator('pre[data-highlighted="partial"]')).toBeVisible({ timeout: 20_000 });
  // One query finds coloured tokens inside the answer while it streams. (Counting them under the
  // "partial" block in a second query raced: when the highlighter catches up with every line
  // written so far, the block is marked "true" until the next line arrives.)
  await expect(streaming.locator('pre .shiki-token').first()).toBeVisible();
  await expect(streaming).toHaveCount(1);
  await waitIdle(page);
  await expect(lastAnswer(page).locator('pre')).toHaveAttribute('data-highlighted', 'true');
  await expect(lastAnswer(page).locator('pre')).toContainText(
    'console.log(distance(origin, { x: 3, y: 4 }));',
  );
});

test('the view ends at the true end of a finished answer: its actions in view, no scroll button', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 900, height: 600 });
  await signIn(page, baseURL!);
  await chooseModel(page, 'showcase');
  await send(page, 'Fill the screen');
  await expect(lastAnswer(page)).toContainText('A quote to finish.', { timeout: 30_000 });
  await waitIdle(page);
  const scroller = page.getByTestId('message-scroller');
  const actions = lastAnswer(page).getByTestId('message-actions');
  await expect(actions).toBeVisible();
  await expect
    .poll(async () => {
      const box = await scroller.boundingBox();
      const bar = await actions.boundingBox();
      return box && bar ? Math.round(box.y + box.height - (bar.y + bar.height)) : -1;
    })
    .toBeGreaterThanOrEqual(0);
  await expect(page.getByTestId('scroll-to-bottom')).toHaveCount(0);
});

test('an answer re-attached after a reload keeps its sender label', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'slow');
  await send(page, 'Tell it slowly');
  await expect(lastAnswer(page)).toContainText('Sentence 3 of the slow answer', { timeout: 15_000 });
  const label = (await lastAnswer(page).getByTestId('message-sender').textContent()) ?? '';
  expect(label.trim()).not.toBe('');
  await page.reload();
  // Still streaming after the reload, under the same label.
  const streaming = page.locator('[data-testid="message-assistant"][data-streaming]');
  await expect(streaming).toContainText('Sentence 8 of the slow answer', { timeout: 15_000 });
  await expect(streaming.getByTestId('message-sender')).toHaveText(label);
  await page.getByTestId('stop-button').click();
  await waitIdle(page);
  await expect(lastAnswer(page).getByTestId('message-sender')).toHaveText(label);
});
