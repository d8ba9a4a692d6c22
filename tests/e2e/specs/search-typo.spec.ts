import type { Page } from '@playwright/test';
import { chooseModel, closePhoneSidebar, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

// Typo-tolerant search (pg_trgm when full text finds little): "lisbn" finds the message about
// Lisbon, and opening the hit scrolls the conversation to that message and highlights it.

const SHOTS = process.env.SHOTS_OUT ?? 'test-results/screenshots';

/** Long enough that a few of them push a later message below the fold. */
const filler = (n: number) => `Filler ${n}: ${'plain words about nothing in particular '.repeat(30)}`;

async function writeConversation(page: Page) {
  await chooseModel(page, 'echo');
  for (const text of ['Three days in Lisbon: trams, pastries and fado', filler(1), filler(2), filler(3)]) {
    await send(page, text);
    await expect(lastAnswer(page)).toContainText(text.slice(0, 20));
    await waitIdle(page);
  }
  await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
  return page.url();
}

/**
 * Opens the user's own hit for a misspelt "Lisbon" and checks the conversation shows it
 * highlighted. A second search in the same page uses another misspelling: emptying the box and
 * typing the same word again within the search's debounce changes nothing, so no search opens.
 */
async function openTypoHit(
  page: Page,
  conversationUrl: string,
  shot: string,
  { phone = false, typo = 'lisbn' } = {},
) {
  await page.getByTestId('search-input').fill('');
  await page.getByTestId('search-input').fill(typo);
  await page.waitForURL(/\/search/);
  // On a phone the results are under the sidebar that holds the search box.
  if (phone) await closePhoneSidebar(page);
  const hit = page.getByTestId('search-hit').filter({ has: page.getByText('You', { exact: true }) });
  await expect(hit).toHaveCount(1);
  await expect(hit).toContainText('Three days in Lisbon');
  await page.screenshot({ path: `${SHOTS}/${shot}-hits.png` });
  await hit.click();
  await page.waitForURL(conversationUrl);
  const highlighted = page.locator('[data-search-hit]');
  await expect(highlighted).toHaveCount(1);
  await expect(highlighted).toContainText('Three days in Lisbon');
  await expect(highlighted.getByTestId('message-user')).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/${shot}-opened.png` });
  // The highlight is a moment's: it goes, the message stays where it is.
  await expect(highlighted).toHaveCount(0, { timeout: 8_000 });
}

test('"lisbn" finds Lisbon and opens the conversation on the highlighted message', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, baseURL!, 'typosearch');
  const url = await writeConversation(page);
  await openTypoHit(page, url, 'search-typo-desktop-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await openTypoHit(page, url, 'search-typo-desktop-dark', { typo: 'lisbonn' });
});

test('on a phone, the typo hit opens highlighted too', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const page = await context.newPage();
  await signIn(page, baseURL!, 'typophone');
  await closePhoneSidebar(page);
  const url = await writeConversation(page);
  await page.getByTestId('mobile-header').getByRole('button', { name: 'Toggle sidebar' }).click();
  await openTypoHit(page, url, 'search-typo-phone', { phone: true });
  await context.close();
});
