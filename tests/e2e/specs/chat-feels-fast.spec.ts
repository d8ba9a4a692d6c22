import type { Page } from '@playwright/test';
import { lastAnswer, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

// Enter is answered at once: the message sent and a typing indicator are on screen within the
// first frames after the key (the key's own handler stays short, and the exchange starts in the
// task after it), on a freshly loaded page, whether or not the message list's code has arrived
// yet, and they stay from then on (no blank frame in between).

/** Frames after Enter by which the message and the indicator must show (about 50 ms at 60 Hz). */
const WITHIN_FRAMES = 3;

interface AfterEnter {
  message: boolean;
  typing: boolean;
}

/** From the next Enter on, what each of the following animation frames shows (first 10). */
async function watchFramesAfterEnter(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __afterEnter: AfterEnter[] };
    w.__afterEnter = [];
    const sample = () => {
      w.__afterEnter.push({
        message: document.querySelector('[data-testid="message-user"], [data-pending-user]') !== null,
        typing: document.querySelector('[data-testid="typing"]') !== null,
      });
      if (w.__afterEnter.length < 10) requestAnimationFrame(sample);
    };
    document.addEventListener(
      'keydown',
      (e) => {
        if (e.key === 'Enter') requestAnimationFrame(sample);
      },
      { capture: true, once: true },
    );
  });
}

/**
 * Both shown by frame WITHIN_FRAMES, and the message in every frame from then on (the indicator
 * gives way to the answer's first text, which may come within these frames).
 */
function expectShownWithinAndKept(frames: AfterEnter[]): void {
  const first = frames.findIndex((f) => f.message && f.typing);
  expect(first, JSON.stringify(frames)).toBeGreaterThanOrEqual(0);
  expect(first, JSON.stringify(frames)).toBeLessThan(WITHIN_FRAMES);
  for (const frame of frames.slice(first)) expect(frame.message, JSON.stringify(frames)).toBe(true);
}

const framesAfterEnter = (page: Page) =>
  page.evaluate(() => (window as unknown as { __afterEnter: AfterEnter[] }).__afterEnter);

/** A new chat on the slow model, loaded fresh (nothing touched), and a message sent. */
async function sendOnFreshPage(page: Page, text: string): Promise<AfterEnter[]> {
  await page.goto('/c/new?model=slow');
  const input = page.getByTestId('chat-input');
  await expect(input).toBeEditable();
  await input.fill(text);
  await watchFramesAfterEnter(page);
  await input.press('Enter');
  await expect.poll(async () => (await framesAfterEnter(page)).length).toBe(10);
  return framesAfterEnter(page);
}

test('within the first frames after Enter the message and the typing indicator show', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!, 'fast');
  const frames = await sendOnFreshPage(page, 'Seen at once');
  expectShownWithinAndKept(frames);
  await expect(page.getByTestId('message-user').getByTestId('message-text')).toHaveText('Seen at once');
  await waitIdle(page);
  await expect(lastAnswer(page).getByTestId('typing')).toHaveCount(0);
});

test('with the message list still on its way, the message and the typing indicator show in its place', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!, 'fastlate');
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/message-list-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const frames = await sendOnFreshPage(page, 'Seen before the list');
  expectShownWithinAndKept(frames);
  await expect(page.getByTestId('messages-pending')).toContainText('Seen before the list');
  release();
  await expect(page.getByTestId('message-user').getByTestId('message-text')).toHaveText(
    'Seen before the list',
  );
  await waitIdle(page);
});

test('the message box works from the first paint: what is typed before the app loads carries over', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!, 'earlybox');
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/full-app-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/c/new?model=echo');
  const standIn = page.getByTestId('shell-input');
  await expect(standIn).toBeEditable();
  await standIn.click();
  await page.keyboard.type('Typed while the app loads');
  await expect(page.getByTestId('chat-input')).toHaveCount(0);
  release();
  const input = page.getByTestId('chat-input');
  await expect(input).toHaveValue('Typed while the app loads');
  await expect(input).toBeFocused();
  await expect(standIn).toHaveCount(0);
  // Typing goes on at the end of the carried text, and it sends as any message.
  await page.keyboard.type(', and after');
  await expect(input).toHaveValue('Typed while the app loads, and after');
  await input.press('Enter');
  await expect(page.getByTestId('message-user').getByTestId('message-text')).toHaveText(
    'Typed while the app loads, and after',
  );
  await expect(lastAnswer(page)).toContainText('Typed while the app loads, and after');
});
