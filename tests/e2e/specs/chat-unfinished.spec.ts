import { startSimulator, type SimServer } from '@parley/llm-sim';
import type { Browser, Page } from '@playwright/test';
import { chooseModel, lastAnswer, send, waitIdle } from '../support/chat.ts';
import { expect, loginViaUi, registerViaApi, test, uniqueUser } from '../support/fixtures.ts';
import { startParley, type RunningServer } from '../support/parley-server.ts';

// The unfinished notice, and the placeholder of an answer saved unfinished, show only after 250 ms.
const DELAY_MS = 250;
// A timer set when a component mounts fires no earlier than the delay; the observer sees the
// mount a little after React commits it, so allow a few milliseconds of slack.
const SLACK_MS = 15;

// A server of its own: one endpoint answers at once, the other waits 3 s before its first token.
// Its answers: `echo` repeats the message, `slow` is 50 numbered sentences, `disconnect` breaks off.
let sim: SimServer;
let server: RunningServer;

test.beforeAll(async () => {
  sim = await startSimulator({ host: '127.0.0.1', port: 0 });
  server = await startParley({
    yaml: `version: 1.2.8
endpoints:
  custom:
    - name: Prompt
      apiKey: sim
      baseURL: ${sim.url}/v1
      # 100 tokens/s: Stop still catches \`slow\` mid-answer, and Continue runs it to its end in seconds.
      headers: { x-sim-tokens-per-second: "100" }
      models: { default: [echo, slow, disconnect], fetch: false }
    - name: Late
      apiKey: sim
      baseURL: ${sim.url}/v1
      headers: { x-sim-first-token-delay-ms: "3000" }
      models: { default: [late/echo], fetch: false }
`,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await sim?.close();
});

/** A page of this spec's server with a fresh signed-in user; `record` runs on every load. */
async function signedIn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await record(page);
  const user = uniqueUser('unfinished');
  await registerViaApi(server.url, user);
  await loginViaUi(page, user);
  return page;
}

/**
 * Records, in the page and from the start of every load, when things first appear
 * (performance.now()): a streaming answer row, the typing placeholder, the answer's first
 * rendered text, an answer row that is not streaming, and the unfinished notice. The observer
 * runs as each DOM change happens, so the times are those of the commits that made them.
 */
async function record(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: Record<string, number> = {};
    const mark = (name: string, selector: string) => {
      if (seen[name] === undefined && document.querySelector(selector)) seen[name] = performance.now();
    };
    const check = () => {
      mark('streamingRow', '[data-testid="message-assistant"][data-streaming]');
      mark('typing', '[data-testid="typing"]');
      mark('text', '[data-testid="message-assistant"] [data-testid="markdown"]');
      mark('settledRow', '[data-testid="message-assistant"]:not([data-streaming])');
      mark('notice', '[data-testid="unfinished-notice"]');
      mark('stoppedMark', '[data-testid="stopped-mark"]');
    };
    const w = window as unknown as { __seen: Record<string, number>; __resetSeen: () => void };
    w.__seen = seen;
    w.__resetSeen = () => {
      for (const key of Object.keys(seen)) delete seen[key];
      check();
    };
    new MutationObserver(check).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-streaming'],
    });
  });
}

/** Forgets what was seen so far (the next exchange on the same page is measured alone). */
const resetSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __resetSeen: () => void }).__resetSeen());

const seen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __seen: Record<string, number> }).__seen);

test('an answer on its way shows the typing placeholder with its row, at once, until its first text', async ({
  browser,
}) => {
  const page = await signedIn(browser);
  await chooseModel(page, 'late/echo');
  await resetSeen(page);
  await send(page, 'Waiting for the first token');
  await expect(lastAnswer(page)).toContainText('Waiting for the first token');
  await waitIdle(page);
  const late = await seen(page);
  // The same commit: Enter is answered by "it is typing" in the frame its row appears.
  expect(late.typing, 'the placeholder showed while waiting').toBeDefined();
  expect(late.typing! - late.streamingRow!).toBeLessThanOrEqual(SLACK_MS);
  expect(late.typing!).toBeLessThan(late.text!);
  await expect(page.getByTestId('typing')).toHaveCount(0);

  await page.getByTestId('new-chat').first().click();
  await chooseModel(page, 'echo');
  await expect(page.getByTestId('message-assistant')).toHaveCount(0);
  await resetSeen(page);
  await send(page, 'An answer that starts at once');
  await expect(lastAnswer(page)).toContainText('An answer that starts at once');
  await waitIdle(page);
  const prompt = await seen(page);
  expect(prompt.typing! - prompt.streamingRow!).toBeLessThanOrEqual(SLACK_MS);
  await expect(page.getByTestId('typing')).toHaveCount(0);
});

test('an answer cut short by its provider shows the unfinished notice 250 ms after it settles, and after a reload', async ({
  browser,
}) => {
  const page = await signedIn(browser);
  // The simulator's `disconnect` model drops the connection mid-answer.
  await chooseModel(page, 'disconnect');
  await resetSeen(page);
  await send(page, 'Start and break off');
  await waitIdle(page);
  await expect(page.getByTestId('unfinished-notice')).toBeVisible();
  await expect(page.getByTestId('stopped-mark')).toHaveCount(0);
  const cut = await seen(page);
  expect(cut.notice! - cut.settledRow!).toBeGreaterThanOrEqual(DELAY_MS - SLACK_MS);

  await page.reload();
  await expect(page.getByTestId('unfinished-notice')).toBeVisible();
  const reloaded = await seen(page);
  expect(reloaded.notice! - reloaded.settledRow!).toBeGreaterThanOrEqual(DELAY_MS - SLACK_MS);
  // Continue is offered, as an icon among the buttons.
  await expect(page.getByTestId('continue')).toBeVisible();
  await expect(page.getByTestId('continue')).not.toContainText('Continue');
  await lastAnswer(page).screenshot({ path: test.info().outputPath('unfinished-partial.png') });
  await page.context().close();
});

test('an answer its user stopped reads "Stopped" with Continue named, never the incomplete notice; Continue finishes it', async ({
  browser,
}) => {
  const page = await signedIn(browser);
  await chooseModel(page, 'slow');
  await resetSeen(page);
  await send(page, 'Tell me the slow story');
  await expect(lastAnswer(page)).toContainText('Sentence 1 of the slow answer');
  await page.getByTestId('stop-button').click();
  await waitIdle(page);
  const mark = lastAnswer(page).getByTestId('stopped-mark');
  await expect(mark).toHaveText('Stopped');
  const continueButton = lastAnswer(page).getByTestId('continue');
  await expect(continueButton).toHaveText('Continue');
  await expect(continueButton).toHaveAccessibleName('Continue');
  // Well after the notice's 250 ms: it never came.
  await page.waitForTimeout(2 * DELAY_MS);
  expect((await seen(page)).notice, 'the incomplete notice showed').toBeUndefined();
  const shots = process.env.PW_SHOTS_DIR ?? '/tmp/parley-shots';
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${shots}/stopped-answer-1440-light.png` });

  // The same after a reload, here on a phone in the dark: the server saved it as stopped by its user.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(mark).toHaveText('Stopped');
  await expect(continueButton).toHaveText('Continue');
  await page.waitForTimeout(2 * DELAY_MS);
  expect((await seen(page)).notice, 'the incomplete notice showed after a reload').toBeUndefined();
  await page.screenshot({ path: `${shots}/stopped-answer-390-dark.png` });

  // Continue runs the answer to its end: the mark goes, and so does Continue.
  const partial = (await lastAnswer(page).getByTestId('markdown').innerText()).trim();
  await continueButton.click();
  await expect(page.getByTestId('stop-button')).toBeVisible();
  await expect(mark).toHaveCount(0);
  await waitIdle(page);
  await expect(lastAnswer(page)).toContainText('Sentence 50 of the slow answer.');
  await expect(lastAnswer(page)).toContainText(partial.slice(0, 40));
  await expect(mark).toHaveCount(0);
  await expect(continueButton).toHaveCount(0);
  await expect(page.getByTestId('unfinished-notice')).toHaveCount(0);
  await page.context().close();
});

test('an answer stopped before its first token shows only "Stopped", also after a reload', async ({
  browser,
}) => {
  const page = await signedIn(browser);
  await chooseModel(page, 'late/echo');
  await send(page, 'Stop me before I start');
  await expect(page.getByTestId('typing')).toBeVisible();
  await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
  await page.getByTestId('stop-button').click();
  await waitIdle(page);
  await expect(lastAnswer(page).getByTestId('stopped-mark')).toBeVisible();
  await page.reload();
  await expect(lastAnswer(page).getByTestId('stopped-mark')).toBeVisible();
  // No pulsing dot: nothing more is coming.
  await page.waitForTimeout(2 * DELAY_MS);
  await expect(lastAnswer(page).getByTestId('typing')).toHaveCount(0);
  await expect(page.getByTestId('unfinished-notice')).toHaveCount(0);
  await expect(lastAnswer(page).getByTestId('markdown')).toHaveCount(0);
  await lastAnswer(page).screenshot({ path: test.info().outputPath('stopped-empty.png') });
  await page.context().close();
});
