import { chooseModel, closePhoneSidebar, lastAnswer, send, turnOnTool, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn, SIM_WEB_SEARCH, useSimParley } from '../support/sim-parley.ts';

// The steps of a running web search stay on screen: each step the server reports is shown, and
// once passed it stays as a ticked line, so a step that went by quickly is still seen. `sim-slow`
// makes the simulator's search and reranker answer 3 s late (reading the fixed web's pages is
// fast, the step users used to miss); `sim-search-twice` makes the model search a second time.
const stack = useSimParley({
  models: ['web-search'],
  yaml: `${SIM_WEB_SEARCH.yaml}  rerankerType: jina\n  jinaApiKey: sim-key\n  jinaApiUrl: SIM_URL/v1/rerank\n`,
  env: SIM_WEB_SEARCH.env,
});

test('a web search shows each step, keeps passed steps ticked, and says when it searches again', async ({
  browser,
}, testInfo) => {
  const { context, page } = await openSignedIn(browser, stack.server.url, 'websteps');
  await page.setViewportSize({ width: 1440, height: 900 });
  await chooseModel(page, 'web-search');
  await turnOnTool(page, 'web_search');
  await send(page, 'sea otters tools sim-slow sim-search-twice');

  const answer = lastAnswer(page);
  const progress = answer.getByTestId('web-search-progress');
  const steps = progress.getByTestId('web-search-step');
  await expect(steps.first()).toHaveText(/^Search(ing|ed) the web/);

  // Reranking (slow): searching and reading, which went by in a moment, stay as ticked lines.
  await expect(progress).toHaveAttribute('data-step', 'reranking');
  await expect(steps).toHaveText([
    'Searched the web',
    /^Read sources \(\d+\)$/,
    'Ranking what the sources say…',
  ]);
  await expect(steps.nth(0)).toHaveAttribute('data-done', 'true');
  await expect(steps.nth(1)).toHaveAttribute('data-done', 'true');
  await expect(steps.nth(2)).not.toHaveAttribute('data-done', /.*/);
  await page.screenshot({ path: testInfo.outputPath('web-search-steps-1440.png') });

  // On a phone (the sidebar, open on the desktop, is closed by its mask)…
  await page.setViewportSize({ width: 390, height: 844 });
  await closePhoneSidebar(page);

  // …the model searches a second time in the same answer: that search says so.
  const again = answer.getByTestId('web-search-progress');
  await expect(again.getByTestId('web-search-step').first()).toHaveText(
    'Searching the web again for “sea otters tools sim-slow sim-search-twice again”…',
  );
  await expect(answer.getByTestId('web-search-sources')).toHaveCount(1);
  await expect(again.getByTestId('web-search-step').nth(2)).toHaveText('Ranking what the sources say…');
  await page.screenshot({ path: testInfo.outputPath('web-search-steps-390.png') });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Done: the steps give way to each search's sources, and the answer cites them.
  await waitIdle(page);
  await expect(answer.getByTestId('web-search-progress')).toHaveCount(0);
  await expect(answer.getByTestId('web-search-sources')).toHaveCount(2);
  await expect(answer).toContainText('Here is what the web says.');
  await page.screenshot({ path: testInfo.outputPath('web-search-steps-done.png') });
  await context.close();
});
