import type { Page } from '@playwright/test';
import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

// What the first send of a new chat shows, frame by frame: once the message is on screen it stays
// there, through the move from /c/new to /c/{id}; the greeting never comes back and the area
// never goes blank (the list's code arriving late on the first send after a page load).

type Shown = 'greeting' | 'message' | 'blank';

interface Frame {
  shown: Shown;
  path: string;
  at: number;
}

/** Records what every animation frame shows from the next Enter key on, until `stopFrames`. */
async function recordFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __frames: Frame[]; __recording: boolean; __stop: boolean };
    w.__frames = [];
    w.__recording = false;
    w.__stop = false;
    document.addEventListener(
      'keydown',
      (e) => {
        if (e.key === 'Enter') w.__recording = true;
      },
      { capture: true },
    );
    const sample = () => {
      if (w.__recording) {
        // The message as the list shows it, or as plain text while the list's code loads.
        const message = document.querySelector('[data-testid="message-user"], [data-pending-user]');
        const greeting = document.querySelector('[data-testid="greeting"]');
        const shown: Shown = greeting ? 'greeting' : message ? 'message' : 'blank';
        w.__frames.push({ shown, path: location.pathname, at: performance.now() });
      }
      if (!w.__stop) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
}

async function stopFrames(page: Page): Promise<Frame[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __frames: Frame[]; __stop: boolean };
    w.__stop = true;
    return w.__frames;
  });
}

/** Runs of equal frames, for a failure message a person can read ("greeting ×7 on /c/abc"). */
function runs(frames: Frame[]): string {
  const out: string[] = [];
  let i = 0;
  while (i < frames.length) {
    let j = i;
    while (
      j + 1 < frames.length &&
      frames[j + 1]!.shown === frames[i]!.shown &&
      frames[j + 1]!.path === frames[i]!.path
    )
      j += 1;
    const ms = Math.round(frames[j]!.at - frames[i]!.at);
    out.push(`${frames[i]!.shown} ×${j - i + 1} (${ms} ms) on ${frames[i]!.path}`);
    i = j + 1;
  }
  return out.join(' → ');
}

function checkFrames(frames: Frame[]): void {
  const story = runs(frames);
  const first = frames.findIndex((f) => f.shown === 'message');
  expect(first, `the message never showed: ${story}`).toBeGreaterThanOrEqual(0);
  expect(
    frames.filter((f) => f.shown === 'blank'),
    `blank frames: ${story}`,
  ).toEqual([]);
  expect(
    frames.slice(first).filter((f) => f.shown !== 'message'),
    `frames without the message once it showed: ${story}`,
  ).toEqual([]);
  // The recording covered the move to the conversation's own address.
  expect(frames.at(-1)!.path).toMatch(/^\/c\/(?!new$)[^/]+$/);
}

test('the first send of a new chat after a page load never shows the greeting or a blank area again', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'echo');
  // A fresh page load: the list's code has not been fetched yet.
  await page.goto('/c/new');
  await expect(page.getByTestId('greeting')).toBeVisible();
  await recordFrames(page);
  await send(page, 'Frames please');
  await page.waitForURL(/\/c\/(?!new)[^/]+$/);
  await waitIdle(page);
  await expect(lastAnswer(page)).toContainText('Frames please');
  // A few more frames after the answer ended.
  await page.waitForTimeout(300);
  checkFrames(await stopFrames(page));
});

test('a second new chat in the same page moves to its address without the greeting coming back', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'echo');
  await send(page, 'The first chat');
  await page.waitForURL(/\/c\/(?!new)[^/]+$/);
  await waitIdle(page);
  await page.getByTestId('new-chat').first().click();
  await page.waitForURL('**/c/new');
  await expect(page.getByTestId('greeting')).toBeVisible();
  await recordFrames(page);
  await send(page, 'The second chat');
  await page.waitForURL(/\/c\/(?!new)[^/]+$/);
  await waitIdle(page);
  await page.waitForTimeout(300);
  checkFrames(await stopFrames(page));
  await expect(page.getByTestId('conversation-row')).toHaveCount(2);
});

// The exchange starts in the task after the key press (to keep the press cheap), but the box must
// not show its send button in between: a second Enter or a check for "idle" would see a chat that
// is not answering while it is.
test('the stop button replaces the send button in the key press that sends', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'stopatonce');
  await chooseModel(page, 'echo');
  await page.getByTestId('chat-input').fill('Shown at once');
  const buttons = await page.evaluate(async () => {
    const box = document.querySelector<HTMLTextAreaElement>('[data-testid="chat-input"]')!;
    box.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true }),
    );
    // Microtasks only: the render of the key press has run, no task queued by it has.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    return {
      stop: document.querySelector('[data-testid="stop-button"]') !== null,
      send: document.querySelector('[data-testid="send-button"]') !== null,
    };
  });
  expect(buttons).toEqual({ stop: true, send: false });
  await waitIdle(page);
  await expect(lastAnswer(page)).toContainText('Shown at once');
});

// A stop pressed in that same moment, before the exchange has started, is not lost: the message is
// sent (its text has left the box) and its answer stopped at once.
test('a stop pressed in the key press that sends stops the answer it starts', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'stopinstart');
  await chooseModel(page, 'slow');
  await page.getByTestId('chat-input').fill('Stopped before it started');
  await page.evaluate(async () => {
    const box = document.querySelector<HTMLTextAreaElement>('[data-testid="chat-input"]')!;
    box.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true }),
    );
    for (let i = 0; i < 20; i++) await Promise.resolve();
    document.querySelector<HTMLButtonElement>('[data-testid="stop-button"]')!.click();
  });
  await waitIdle(page, 10_000);
  await expect(page.getByTestId('message-user')).toContainText('Stopped before it started');
  await expect(page.getByTestId('stopped-mark')).toBeVisible();
  await expect(page.getByTestId('chat-input')).toHaveValue('');
});
