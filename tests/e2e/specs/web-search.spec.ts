import { startSimulator, type SimServer } from '@parley/llm-sim';
import { lastAnswer, send, waitIdle } from '../support/chat.ts';
import { expect, loginViaUi, registerViaApi, test, uniqueUser } from '../support/fixtures.ts';
import { startParley, type RunningServer } from '../support/parley-server.ts';

// A server of its own whose web search goes to the simulator's SearXNG and fixed web (allowed on
// loopback through USER_BASE_URL_ALLOWLIST), with the simulator's citing `web-search` model.
let sim: SimServer;
let server: RunningServer;

test.beforeAll(async () => {
  sim = await startSimulator();
  server = await startParley({
    env: { USER_BASE_URL_ALLOWLIST: '127.0.0.1' },
    yaml: `version: 1.2.8
endpoints:
  custom:
    - name: Sim
      apiKey: sk-test
      baseURL: ${sim.url}/v1
      models: { default: [web-search, echo] }
webSearch:
  searchProvider: searxng
  searxngInstanceUrl: ${sim.url}
`,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await sim?.close();
});

test('web search: the badge, a cited answer, its sources tabs and citation links', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const user = uniqueUser('websearch');
  await registerViaApi(server.url, user);
  await loginViaUi(page, user);

  await page.getByTestId('model-menu').click();
  await page.getByTestId('model-option-web-search').click();
  await page.getByTestId('tools-menu').click();
  await page.getByTestId('tools-menu-web_search').click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tool-badge-web_search')).toBeVisible();

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
  await expect(citation).toHaveAttribute('href', `${sim.url}/web/otters`);
  await expect(citation).toHaveAttribute('title', 'Sea otters use tools');
  await page.screenshot({ path: testInfo.outputPath('web-search-sources.png') });

  // News and Images tabs.
  await sources.getByTestId('web-search-tab-news').click();
  await expect(sources.getByTestId('web-search-source')).toHaveCount(1);
  await expect(sources.getByTestId('web-search-source')).toContainText('Otter census');
  await sources.getByTestId('web-search-tab-images').click();
  await expect(sources.locator('img').first()).toHaveAttribute('src', `${sim.url}/web/images/otters.png`);
  await page.screenshot({ path: testInfo.outputPath('web-search-images.png') });

  // After a reload the saved answer shows the same sources.
  await page.reload();
  await expect(lastAnswer(page).getByTestId('web-search-sources')).toBeVisible();
  await expect(page.getByTestId('tool-badge-web_search')).toBeVisible();
  await context.close();
});
