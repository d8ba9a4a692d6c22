import type { Browser, Page } from '@playwright/test';
import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { openRowMenu } from './conversations-helpers.ts';

// A phone (390×844): one header, answers across the full width (tables with whole words, code
// inside the screen), the landing's message box at the bottom, and a share dialog that fits.

const PHONE = { width: 390, height: 844 };

async function phonePage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: PHONE, hasTouch: true, isMobile: true });
  return context.newPage();
}

test('a phone shows one header above the chat, and the landing message box at the bottom', async ({
  browser,
  baseURL,
}) => {
  const page = await phonePage(browser, baseURL!);
  await signIn(page, baseURL!, 'phone');
  const header = page.getByTestId('mobile-header');
  await expect(header).toHaveCount(1);
  // The model controls live in the phone header itself.
  await expect(header.getByTestId('model-menu')).toBeVisible();
  await expect(header.getByRole('button', { name: 'Toggle sidebar' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'New chat' })).toBeVisible();
  const box = await header.boundingBox();
  expect(box!.height).toBeLessThanOrEqual(56);
  // Everything in the header fits on the screen.
  for (const button of await header.getByRole('button').all()) {
    const b = await button.boundingBox();
    if (!b) continue;
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width).toBeLessThanOrEqual(PHONE.width);
  }
  // The landing's message box sits at the bottom of the screen, under the thumb.
  const input = await page.getByTestId('chat-input').boundingBox();
  expect(input!.y + input!.height).toBeGreaterThan(PHONE.height - 160);

  await chooseModel(page, 'echo');
  await send(page, 'One header please');
  await waitIdle(page);
  await expect(page.getByTestId('mobile-header')).toHaveCount(1);
  // The list starts right under the one header.
  const scroller = await page.getByTestId('message-scroller').boundingBox();
  expect(scroller!.y).toBeLessThanOrEqual(box!.y + box!.height + 1);
  await page.context().close();
});

test('on a phone an answer uses the full width: whole words in tables, code inside the screen', async ({
  browser,
  baseURL,
}) => {
  const page = await phonePage(browser, baseURL!);
  await signIn(page, baseURL!, 'phone');
  await chooseModel(page, 'showcase');
  await send(page, 'Phone showcase');
  await expect(lastAnswer(page)).toContainText('A quote to finish.', { timeout: 30_000 });
  await waitIdle(page);
  const answer = lastAnswer(page);
  // No avatar gutter: the text starts at the list's own padding.
  const content = await answer.locator('.message-content').boundingBox();
  expect(content!.x).toBeLessThanOrEqual(20);
  expect(content!.width).toBeGreaterThanOrEqual(PHONE.width - 40);
  // Every word of the table stays on one line.
  const split = await answer.locator('table').evaluate((table) => {
    const broken: string[] = [];
    for (const cell of Array.from(table.querySelectorAll('th, td'))) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          if (range.getClientRects().length > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });
  expect(split, 'words broken across lines in the table').toEqual([]);
  // Code blocks end inside the screen (long lines scroll inside the block).
  for (const block of await answer.getByTestId('code-block').all()) {
    const b = await block.boundingBox();
    expect(b!.x).toBeGreaterThanOrEqual(0);
    expect(b!.x + b!.width).toBeLessThanOrEqual(PHONE.width);
  }
  await page.context().close();
});

test("on a phone the share dialog's buttons fit inside it", async ({ browser, baseURL }) => {
  const page = await phonePage(browser, baseURL!);
  await signIn(page, baseURL!, 'phone');
  await chooseModel(page, 'echo');
  await send(page, 'Share me from a phone');
  await waitIdle(page);
  await page.getByTestId('mobile-header').getByRole('button', { name: 'Toggle sidebar' }).click();
  await openRowMenu(page, 'Share me from a phone');
  await page.getByTestId('row-share').click();
  const dialog = page.getByTestId('share-dialog');
  await dialog.getByTestId('share-create').click();
  await expect(dialog.getByTestId('share-url')).toBeVisible();
  const frame = await dialog.boundingBox();
  expect(frame!.x).toBeGreaterThanOrEqual(0);
  expect(frame!.x + frame!.width).toBeLessThanOrEqual(PHONE.width);
  for (const button of await dialog.getByRole('button').all()) {
    const b = await button.boundingBox();
    if (!b) continue;
    const name = (await button.getAttribute('aria-label')) ?? (await button.textContent());
    expect(b.x, `${name} starts inside the dialog`).toBeGreaterThanOrEqual(frame!.x);
    expect(b.x + b.width, `${name} ends inside the dialog`).toBeLessThanOrEqual(frame!.x + frame!.width);
  }
  await page.screenshot({
    path: `${process.env.SHOTS_OUT ?? 'test-results/screenshots'}/phone-share-dialog.png`,
  });
  await page.context().close();
});
