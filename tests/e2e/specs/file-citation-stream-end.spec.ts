import { chooseModel, lastAnswer, send, turnOnTool, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn, useSimParley } from '../support/sim-parley.ts';

// The simulator's `file-search` model calls file_search, then writes an answer citing the passage
// it found. Written slowly here (8 tokens/s), so its first citation marker shows seconds before
// the answer ends.
const stack = useSimParley({ models: ['file-search'], tokensPerSecond: 8 });

const SHOTS = process.env.PW_SHOTS_DIR ?? '/tmp/parley-shots';
const OTTERS = 'Sea otters hold hands while they sleep so the current does not part them.';

test('a citation pop-up opened while the answer streams stays open when the answer ends', async ({
  browser,
}) => {
  const { context, page } = await openSignedIn(browser, stack.server.url, 'citeopen');
  await chooseModel(page, 'file-search');
  await turnOnTool(page, 'file_search');
  await page.getByTestId('attach-button').click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('attach-as-file_search').click();
  await (await chooser).setFiles({ name: 'otters.txt', mimeType: 'text/plain', buffer: Buffer.from(OTTERS) });
  await expect(page.getByTestId('attachment')).toHaveAttribute('data-progress', '1');
  await send(page, 'otters');

  const marker = lastAnswer(page).getByTestId('citation-marker').first();
  await expect(marker).toBeVisible();
  await expect(page.locator('[data-streaming]')).toHaveCount(1);
  // Marked, to tell whether the element on screen at the end is still this one.
  await marker.evaluate((el) => (el.dataset.seenWhileStreaming = 'yes'));
  await marker.click();
  const popup = page.getByTestId('citation-popup');
  await expect(popup.getByTestId('citation-filename')).toHaveText('otters.txt');
  await expect(page.locator('[data-streaming]')).toHaveCount(1);

  // The answer ends: its text is not drawn anew, so the pop-up the person opened stays.
  await waitIdle(page);
  await expect(page.locator('[data-streaming]')).toHaveCount(0);
  await expect(lastAnswer(page).locator('[data-seen-while-streaming="yes"]')).toHaveCount(1);
  await expect(popup.getByTestId('citation-snippet')).toContainText('Sea otters hold hands');
  await page.screenshot({ path: `${SHOTS}/file-citation-open-after-stream.png` });
  await context.close();
});
