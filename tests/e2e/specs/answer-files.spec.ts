import { chooseModel, closePhoneSidebar, lastAnswer, send, turnOnTool, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn, useSimParley } from '../support/sim-parley.ts';

// The files a tool makes while an answer is written (PROTOCOL.md's `event: attachment`): the
// simulator's `tools-named` model calls execute_code with code that writes a file; the file shows
// under the answer while the answer is still streaming (the model then quotes the result slowly),
// stays after the final and after a reload, and downloads.
const stack = useSimParley({ models: ['tools-named', 'echo'], tokensPerSecond: 40 });

const CODE = "require('fs').writeFileSync('/mnt/data/totals.csv', 'name,total\\nfox,3');";

test('a file a code run writes shows under the answer while it streams, then stays', async ({
  browser,
}, testInfo) => {
  const { context, page } = await openSignedIn(browser, stack.server.url, 'answer-files');
  await page.setViewportSize({ width: 1440, height: 900 });
  await chooseModel(page, 'tools-named');
  await turnOnTool(page, 'execute_code');

  const streamed = page.waitForResponse((r) => r.url().includes('/api/agents/chat/') && r.ok());
  await send(page, `execute_code ${JSON.stringify({ lang: 'js', code: CODE })}`);
  await streamed;
  const chip = lastAnswer(page).getByTestId('answer-file');
  await expect(chip).toHaveText('totals.csv');
  // Still streaming: the model is quoting the result when the file is already there.
  await expect(page.getByTestId('send-button')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('answer-files-streaming.png') });

  await waitIdle(page, 60_000);
  await expect(lastAnswer(page).getByTestId('answer-file')).toHaveCount(1);
  const download = page.waitForEvent('download');
  await lastAnswer(page).getByTestId('answer-file').click();
  expect((await download).suggestedFilename()).toBe('totals.csv');
  await page.screenshot({ path: testInfo.outputPath('answer-files-desktop.png') });

  await page.reload();
  await expect(lastAnswer(page).getByTestId('answer-file')).toHaveText('totals.csv');
  await page.setViewportSize({ width: 390, height: 844 });
  await closePhoneSidebar(page);
  await lastAnswer(page).getByTestId('answer-file').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('answer-files-phone.png') });
  await context.close();
});
