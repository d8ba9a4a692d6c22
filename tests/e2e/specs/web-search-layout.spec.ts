import { chooseModel, closePhoneSidebar, lastAnswer, send, turnOnTool, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn, SIM_WEB_SEARCH, useSimParley } from '../support/sim-parley.ts';

// The spec's layout of web-search sources: the first three above the answer, the rest behind
// "More sources" in a dialog of four columns, citation pop-ups 300 px wide; compact on a phone,
// where the cards had filled the first screen before the answer.

const stack = useSimParley({ models: ['web-search'], ...SIM_WEB_SEARCH });
const SHOTS = process.env.SHOTS_OUT ?? 'test-results/screenshots';
// Words of every page of the simulator's fixed web, so the search finds more than three.
const QUESTION =
  'Sea otters, otter census rafts, kelp forests, solar panels electricity, green tea, lighthouse keepers?';

test('three sources above the answer, every source in a four-column dialog, 300 px pop-ups, compact on a phone', async ({
  browser,
}) => {
  const { context, page } = await openSignedIn(browser, stack.server.url, 'sourceslayout');
  await page.setViewportSize({ width: 1440, height: 900 });
  await chooseModel(page, 'web-search');
  await turnOnTool(page, 'web_search');
  await send(page, QUESTION);
  await waitIdle(page);

  const sources = lastAnswer(page).getByTestId('web-search-sources');
  await expect(sources.getByTestId('web-search-source')).toHaveCount(3);
  const more = sources.getByTestId('web-search-more');
  await expect(more).toBeVisible();
  // The three cards and the tile share one row.
  const tops = await sources
    .locator('[data-testid="web-search-source"], [data-testid="web-search-more"]')
    .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);

  const citation = lastAnswer(page).getByTestId('web-citation').first();
  await citation.hover();
  const popup = page.getByTestId('web-citation-popup');
  await expect(popup).toBeVisible();
  expect(Math.round((await popup.boundingBox())!.width)).toBe(300);
  await page.mouse.move(1, 1);

  await more.click();
  const dialog = page.getByTestId('web-search-all-sources');
  const all = dialog.getByTestId('web-search-source');
  // The dialog's code loads on first use: wait for it (counting at once found none in CI).
  await expect(all.nth(3)).toBeVisible();
  expect(await all.count()).toBeGreaterThan(3);
  const firstRow = await all.evaluateAll((els) =>
    els.slice(0, 4).map((el) => Math.round(el.getBoundingClientRect().top)),
  );
  expect(new Set(firstRow).size).toBe(1);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SHOTS}/sources-dialog-1440-${scheme}.png` });
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SHOTS}/sources-1440-${scheme}.png` });
  }

  // A phone: the cards are compact (one line of title, no snippet), the answer's text starts on
  // the first screen.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await closePhoneSidebar(page);
  const phoneSources = lastAnswer(page).getByTestId('web-search-sources');
  await phoneSources.scrollIntoViewIfNeeded();
  expect((await phoneSources.boundingBox())!.height).toBeLessThan(260);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SHOTS}/sources-390-${scheme}.png` });
  }
  await context.close();
});
