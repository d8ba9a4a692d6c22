import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

const SHOTS = 'test-results/screenshots';

test('the Run button runs an answer’s Python and JavaScript on the server, pages results and returns files', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, baseURL!);
  await chooseModel(page, 'echo');
  await send(
    page,
    [
      'Two programs:',
      '```python',
      'import math',
      'print("area", round(math.pi * 2 ** 2, 2))',
      'open("circle.txt", "w").write("r=2")',
      '```',
      '```js',
      'console.log([1, 2, 3].map((n) => n * n).join(" "));',
      '```',
      '```bash',
      'echo no run button here',
      '```',
    ].join('\n'),
  );
  await waitIdle(page);
  const answer = lastAnswer(page);
  const blocks = answer.getByTestId('code-block');
  await expect(blocks).toHaveCount(3);
  const python = blocks.nth(0);
  const javascript = blocks.nth(1);
  // Only languages the server runs get the button; the user's own message never does.
  await expect(blocks.nth(2).getByTestId('run-code')).toHaveCount(0);
  await expect(page.getByTestId('message-user').last().getByTestId('run-code')).toHaveCount(0);

  await python.getByTestId('run-code').click();
  // The first run loads Pyodide on the server: give it time on a busy machine.
  await expect(python.getByTestId('code-run-result')).toHaveText(
    'stdout:\narea 12.57\n\nGenerated files:\n- /mnt/data/circle.txt',
    { timeout: 180_000 },
  );
  await expect(python.getByTestId('code-run-file')).toHaveText('circle.txt');
  const download = page.waitForEvent('download');
  await python.getByTestId('code-run-file').click();
  expect((await download).suggestedFilename()).toBe('circle.txt');

  await javascript.getByTestId('run-code').click();
  await expect(javascript.getByTestId('code-run-result')).toHaveText('stdout:\n1 4 9', { timeout: 60_000 });

  // A second run of the same block adds a result; the pager goes back to the first.
  await page.waitForTimeout(1100);
  await python.getByTestId('run-code').click();
  await expect(python.getByTestId('code-run-pager')).toContainText('Result 2 of 2', { timeout: 120_000 });
  await python.getByRole('button', { name: 'Previous result' }).click();
  await expect(python.getByTestId('code-run-pager')).toContainText('Result 1 of 2');
  await page.screenshot({ path: `${SHOTS}/code-run.png`, fullPage: false });

  // The results are saved with the conversation: they show again after a reload.
  await page.reload();
  const reloaded = lastAnswer(page).getByTestId('code-block');
  await expect(reloaded.nth(1).getByTestId('code-run-result')).toHaveText('stdout:\n1 4 9');
  await expect(reloaded.nth(0).getByTestId('code-run-pager')).toContainText('Result 2 of 2');
});

test('a failing run shows its error in the output', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  await signIn(page, baseURL!);
  await chooseModel(page, 'echo');
  await send(page, ['Try this:', '```python', 'from js import fetch', '```'].join('\n'));
  await waitIdle(page);
  const block = lastAnswer(page).getByTestId('code-block').first();
  await block.getByTestId('run-code').click();
  const result = block.getByTestId('code-run-result');
  await expect(result).toContainText("ImportError: cannot import name 'fetch' from 'js'", {
    timeout: 180_000,
  });
  await expect(result).toHaveAttribute('data-failed', 'true');
  await page.screenshot({ path: `${SHOTS}/code-run-error.png`, fullPage: false });
});
