import type { Page, TestInfo } from '@playwright/test';
import { chooseModel, closePhoneSidebar, lastAnswer, send, turnOnTool, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn, SIM_WEB_SEARCH, useSimParley } from '../support/sim-parley.ts';

// A server of its own whose web search goes to the simulator's SearXNG and fixed web (allowed on
// loopback through USER_BASE_URL_ALLOWLIST), with the simulator's citing `web-search` model.
const stack = useSimParley({ models: ['web-search', 'echo'], ...SIM_WEB_SEARCH });

test('web search: the badge, a cited answer, its sources tabs and citation links', async ({
  browser,
}, testInfo) => {
  const { context, page } = await openSignedIn(browser, stack.server.url, 'websearch');
  const fromSources: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(stack.sim.url)) fromSources.push(r.url());
  });

  await chooseModel(page, 'web-search');
  await turnOnTool(page, 'web_search');

  const sent = page.waitForRequest((r) => r.url().includes('/api/agents/chat/') && r.method() === 'POST');
  await send(page, 'Do sea otters use tools?');
  expect((await sent).postDataJSON().ephemeralAgent).toMatchObject({ web_search: true });
  await waitIdle(page);

  const answer = lastAnswer(page);
  const sources = answer.getByTestId('web-search-sources');
  await expect(sources).toBeVisible();
  await expect(sources.getByTestId('web-search-source').first()).toContainText('Sea otters use tools');
  await expect(sources.getByTestId('web-search-source').first()).toContainText('127.0.0.1');

  // The answer's [1] links to the first source, and names it for screen readers.
  const citation = answer.getByTestId('web-citation').first();
  await expect(citation).toHaveText('[1]');
  await expect(citation).toHaveAttribute('href', `${stack.sim.url}/web/otters`);
  await expect(citation).toHaveAccessibleName('Source 1: Sea otters use tools (127.0.0.1)');
  await page.screenshot({ path: testInfo.outputPath('web-search-sources.png') });

  // Hovering the marker shows the source: title, site with its letter tile, snippet.
  const popup = page.getByTestId('web-citation-popup');
  await citation.hover();
  await expect(popup).toBeVisible();
  await expect(popup.getByTestId('web-citation-title')).toHaveText('Sea otters use tools');
  await expect(popup.getByTestId('web-citation-site')).toHaveText('127.0.0.1');
  await expect(popup.getByTestId('web-citation-snippet')).toContainText('crack shellfish open with stones');
  await expect(popup.getByTestId('site-tile')).toHaveText('1');
  await shootBothSchemes(page, testInfo, 'web-citation-popup', async () => {
    await citation.hover();
    await expect(popup).toBeVisible();
  });
  await page.mouse.move(1, 1);
  await expect(popup).toBeHidden();
  // The keyboard reaches it too: focusing the marker opens the same pop-up.
  await citation.focus();
  await expect(popup).toBeVisible();
  await expect(popup.getByTestId('web-citation-title')).toHaveText('Sea otters use tools');
  await citation.blur();
  await expect(popup).toBeHidden();
  // Sites are drawn as letter tiles: nothing so far was loaded from a source's origin (a favicon
  // fetched from it would tell the site who reads the answer).
  expect(fromSources).toEqual([]);

  // News and Images tabs.
  await sources.getByTestId('web-search-tab-news').click();
  await expect(sources.getByTestId('web-search-source')).toHaveCount(1);
  await expect(sources.getByTestId('web-search-source')).toContainText('Otter census');
  // The pictures come through Parley's image proxy: the browser never calls the sources' hosts.
  const otters = encodeURIComponent(`${stack.sim.url}/web/images/otters.png`);
  const proxied = page.waitForResponse((r) => r.url().includes(`/api/images/proxy?url=${otters}`));
  await sources.getByTestId('web-search-tab-images').click();
  expect((await proxied).status()).toBe(200);
  await expect(sources.getByTestId('proxied-picture').first()).toHaveAttribute('src', /^blob:/);
  expect(fromSources).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('web-search-images.png') });

  // After a reload the saved answer shows the same sources.
  await page.reload();
  await expect(lastAnswer(page).getByTestId('web-search-sources')).toBeVisible();
  await expect(page.getByTestId('tool-badge-web_search')).toBeVisible();
  await context.close();
});

test('web search progress: searching shows what it searches for until the search answers', async ({
  browser,
}, testInfo) => {
  const { context, page } = await openSignedIn(browser, stack.server.url, 'websearch-progress');
  await chooseModel(page, 'web-search');
  await turnOnTool(page, 'web_search');
  // The simulator's search engine never answers a query with this word in it.
  await send(page, 'otters sim-timeout');
  const progress = page.getByTestId('web-search-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('data-step', 'searching');
  await expect(progress).toContainText('Searching the web for “otters sim-timeout”');
  await shootBothSchemes(page, testInfo, 'web-search-searching');
  await page.getByTestId('stop-button').click();
  await waitIdle(page);
  await expect(progress).toBeHidden();
  await context.close();
});

/**
 * The page at desktop (1440×900) and phone (390×844) size, light and dark, then as it was. On the
 * phone the sidebar that the narrower page opens over the chat is closed first, and `again` brings
 * back what the shot is of (a pop-up that the resize closed).
 */
async function shootBothSchemes(
  page: Page,
  testInfo: TestInfo,
  name: string,
  again: () => Promise<void> = async () => undefined,
) {
  const viewport = page.viewportSize();
  for (const [size, box] of Object.entries({
    desktop: { width: 1440, height: 900 },
    phone: { width: 390, height: 844 },
  })) {
    await page.setViewportSize(box);
    if (size === 'phone') {
      await closePhoneSidebar(page);
      await again();
    }
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: testInfo.outputPath(`${name}-${size}-${scheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (viewport) await page.setViewportSize(viewport);
}
