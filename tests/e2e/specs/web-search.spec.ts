import { chooseModel, lastAnswer, send, turnOnTool, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn, SIM_WEB_SEARCH, useSimParley } from '../support/sim-parley.ts';

// A server of its own whose web search goes to the simulator's SearXNG and fixed web (allowed on
// loopback through USER_BASE_URL_ALLOWLIST), with the simulator's citing `web-search` model.
const stack = useSimParley({ models: ['web-search', 'echo'], ...SIM_WEB_SEARCH });

test('web search: the badge, a cited answer, its sources tabs and citation links', async ({
  browser,
}, testInfo) => {
  const { context, page } = await openSignedIn(browser, stack.server.url, 'websearch');

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

  // The answer's [1] links to the first source, with its title.
  const citation = answer.getByRole('link', { name: '[1]' });
  await expect(citation).toHaveAttribute('href', `${stack.sim.url}/web/otters`);
  await expect(citation).toHaveAttribute('title', 'Sea otters use tools');
  await page.screenshot({ path: testInfo.outputPath('web-search-sources.png') });

  // News and Images tabs.
  await sources.getByTestId('web-search-tab-news').click();
  await expect(sources.getByTestId('web-search-source')).toHaveCount(1);
  await expect(sources.getByTestId('web-search-source')).toContainText('Otter census');
  await sources.getByTestId('web-search-tab-images').click();
  await expect(sources.locator('img').first()).toHaveAttribute(
    'src',
    `${stack.sim.url}/web/images/otters.png`,
  );
  await page.screenshot({ path: testInfo.outputPath('web-search-images.png') });

  // After a reload the saved answer shows the same sources.
  await page.reload();
  await expect(lastAnswer(page).getByTestId('web-search-sources')).toBeVisible();
  await expect(page.getByTestId('tool-badge-web_search')).toBeVisible();
  await context.close();
});
