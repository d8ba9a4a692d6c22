import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

const distanceFromBottom = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight;

test('the list follows the stream until the user scrolls up; the button brings it back', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 900, height: 600 });
  await signIn(page, baseURL!);
  await chooseModel(page, 'showcase');
  await send(page, 'Fill the screen');
  // The send button is visible for a moment before the stop button replaces it: wait for the
  // showcase's last line so the next message is not sent while this answer still streams.
  await expect(lastAnswer(page)).toContainText('A quote to finish.', { timeout: 30_000 });
  await waitIdle(page);
  await chooseModel(page, 'slow');
  await send(page, 'Now slowly');
  await expect(lastAnswer(page)).toContainText('Sentence 3 of the slow answer');
  const scroller = page.getByTestId('message-scroller');
  // Following: the view stays at the bottom while the answer grows.
  await expect.poll(() => scroller.evaluate(distanceFromBottom)).toBeLessThan(50);

  await scroller.hover();
  await page.mouse.wheel(0, -500);
  await expect(page.getByTestId('scroll-to-bottom')).toBeVisible();
  const held = await scroller.evaluate((el) => el.scrollTop);
  await expect(lastAnswer(page)).toContainText('Sentence 12 of the slow answer', { timeout: 15_000 });
  // Scrolled up: the growing answer does not pull the view down.
  expect(Math.abs((await scroller.evaluate((el) => el.scrollTop)) - held)).toBeLessThan(5);

  await page.getByTestId('scroll-to-bottom').click();
  await expect.poll(() => scroller.evaluate(distanceFromBottom)).toBeLessThan(50);
  await expect(page.getByTestId('scroll-to-bottom')).toHaveCount(0);
  await expect(lastAnswer(page)).toContainText('Sentence 16 of the slow answer', { timeout: 15_000 });
  expect(await scroller.evaluate(distanceFromBottom)).toBeLessThan(50);
  await page.getByTestId('stop-button').click();
  await waitIdle(page);
});
