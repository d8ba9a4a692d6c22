import type { Browser, Page } from '@playwright/test';
import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { openRowMenu } from './conversations-helpers.ts';

// A phone (390×844): one header whose secondary tools sit behind ⋯ so the model and the title get
// the width, answers across the full width (tables with whole words, code inside the screen), the
// landing's message box at the bottom, and a share dialog that fits.

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

test('on a phone the header keeps four buttons in its row: the model and the title get the width, the tools are under ⋯', async ({
  browser,
  baseURL,
}) => {
  const page = await phonePage(browser, baseURL!);
  await signIn(page, baseURL!, 'phonemore');
  const header = page.getByTestId('mobile-header');

  // A temporary chat says so in words, beside the title.
  await header.getByRole('button', { name: 'More tools' }).click();
  const more = page.getByTestId('header-more-menu');
  for (const name of ['Parameters', 'Presets', 'Temporary chat']) {
    const tool = more.getByRole(name === 'Temporary chat' ? 'switch' : 'button', { name });
    await expect(tool).toBeVisible();
    // The menu writes each tool's name beside its icon.
    const shown = await tool.evaluate((el) => getComputedStyle(el, '::after').content);
    expect(shown).toBe(`"${name}"`);
  }
  await page.screenshot({
    path: `${process.env.SHOTS_OUT ?? 'test-results/screenshots'}/phone-header-more.png`,
  });
  await more.getByRole('switch', { name: 'Temporary chat' }).click();
  await page.keyboard.press('Escape');
  await expect(more).toHaveCount(0);
  await expect(header.getByTestId('temporary-badge')).toHaveText('Temporary chat');
  await header.getByRole('button', { name: 'More tools' }).click();
  await more.getByRole('switch', { name: 'Temporary chat' }).click();
  await page.keyboard.press('Escape');
  await expect(header.getByTestId('temporary-badge')).toHaveCount(0);

  await chooseModel(page, 'echo');
  await send(page, 'Packing list for a long weekend in Lisbon');
  await waitIdle(page);
  const heading = header.getByRole('heading');
  await expect(heading).toHaveText(/^Packing list for a long weekend/);
  // One row: the sidebar, the model, ⋯ and new chat are its only buttons.
  await expect(header.getByRole('button')).toHaveCount(4);
  const box = (await header.boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(56);
  // The title gets most of the row (it was cut to two letters beside nine icons): the saved
  // title is shown whole, with room to spare.
  expect(await heading.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await heading.evaluate((el) => el.parentElement!.clientWidth)).toBeGreaterThanOrEqual(240);
  // The model's name is written out whole.
  const modelName = header.getByTestId('model-menu').locator('span').first();
  expect(await modelName.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  // The saved conversation's tools are in the menu too.
  await header.getByRole('button', { name: 'More tools' }).click();
  await expect(more.getByRole('button', { name: 'Export' })).toBeVisible();
  await expect(more.getByRole('button', { name: 'Bookmarks' })).toBeVisible();
  await more.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByTestId('export-json')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.screenshot({
    path: `${process.env.SHOTS_OUT ?? 'test-results/screenshots'}/phone-header.png`,
  });
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
