import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

/**
 * Scrolls the conversation to its top as a person does, with the mouse wheel: the view follows the
 * end of a conversation until its reader scrolls up, and a script's scrollTo is no reader.
 */
async function scrollToTop(page: Page) {
  const scroller = page.getByTestId('message-scroller');
  await scroller.hover();
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, -5_000);
      return scroller.evaluate((el) => el.scrollTop);
    })
    .toBe(0);
}

/** Long enough that a few of them push a later message below the fold. */
const filler = (n: number) => `Filler ${n}: ${'plain words about nothing in particular '.repeat(30)}`;

test('a search hit opens the branch holding its message, scrolled into view', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'hitbranch');
  await chooseModel(page, 'echo');
  // The first branch: an opening, fillers, then the message the search will find.
  for (const text of ['Opening question', filler(1), filler(2), filler(3), 'Tell me about zeppelins']) {
    await send(page, text);
    await expect(lastAnswer(page)).toContainText(text.slice(0, 20));
    await waitIdle(page);
  }
  await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
  const conversationUrl = page.url();

  // The second branch: edit the opening; the view now shows only the edited, short branch.
  await scrollToTop(page);
  const opening = page.getByTestId('message-user').first();
  await opening.hover();
  await opening.getByTestId('edit-message').click();
  const editor = page.getByTestId('message-editor').getByRole('textbox');
  await editor.fill('Edited opening');
  await editor.press('Control+Enter');
  await expect(lastAnswer(page)).toContainText('Edited opening');
  await waitIdle(page);
  await expect(page.getByTestId('message-user')).toHaveCount(1);
  await expect(page.getByText('Tell me about zeppelins')).toHaveCount(0);

  // Search a word that only the first branch holds and open the user's message hit.
  await page.getByTestId('search-input').fill('zeppelins');
  await page.waitForURL('**/search');
  const hit = page.getByTestId('search-hit').filter({ has: page.getByText('You', { exact: true }) });
  await expect(hit).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('search-hits.png') });
  await hit.click();
  await page.waitForURL(conversationUrl);

  const found = page.getByTestId('message-user').filter({ hasText: 'Tell me about zeppelins' });
  await expect(found).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('hit-opened.png') });
  // The opening shown is the original one, the first of two siblings.
  await scrollToTop(page);
  const first = page.getByTestId('message-user').first();
  await expect(first).toContainText('Opening question');
  await expect(first.getByTestId('sibling-position')).toHaveText('1 / 2');

  // The choice is an ordinary one: the arrows still move to the other branch.
  await first.hover();
  await first.getByTestId('sibling-next').click();
  await expect(page.getByTestId('message-user').first()).toContainText('Edited opening');
  await expect(page.getByText('Tell me about zeppelins')).toHaveCount(0);
});

test('search as you type finds a word by its first letters and marks it', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'prefixsearch');
  await chooseModel(page, 'echo');
  await send(page, 'Tell me a story about lighthouses');
  await expect(lastAnswer(page)).toContainText('lighthouses');
  await waitIdle(page);

  // Typed letter by letter, as a person does: "lighth" is no word, only the start of one.
  await page.getByTestId('search-input').pressSequentially('lighth', { delay: 60 });
  await page.waitForURL('**/search');
  const hit = page.getByTestId('search-hit').filter({ has: page.getByText('You', { exact: true }) });
  await expect(hit).toHaveCount(1);
  await expect(hit.locator('mark')).toHaveText('lighthouses');
  await page.screenshot({ path: test.info().outputPath('prefix-search.png') });
});
