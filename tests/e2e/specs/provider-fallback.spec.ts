import { chooseModel, lastAnswer, send, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn, useSimParley } from '../support/sim-parley.ts';

// The simulator's `error-429-then-500` refuses a prompt with 429, then with 500: two names for it
// (`a/…`, `b/…`) make a rule whose first fallback is down too, and `echo` answers at last.
const BAD = 'error-429-then-500';
const stack = useSimParley({
  models: [`a/${BAD}`, `b/${BAD}`, 'echo'],
  yaml: `fallbacks:\n  - from: Sim/a/${BAD}\n    to: [Sim/b/${BAD}, Sim/echo]\n`,
});

const SHOTS = process.env.PW_SHOTS_DIR ?? '/tmp/parley-shots';

test('an answer a fallback model gave says who answered and which model was unavailable', async ({
  browser,
}) => {
  const { context, page } = await openSignedIn(browser, stack.server.url, 'fallback');
  await chooseModel(page, `a/${BAD}`);
  await send(page, 'Is anyone there today?');
  await waitIdle(page);
  const answer = lastAnswer(page);
  await expect(answer.getByTestId('message-text')).toContainText('Is anyone there today?');
  const notice = answer.getByTestId('fallback-notice');
  await expect(notice).toHaveText(`Answered by echo because a/${BAD}, b/${BAD} were unavailable`);
  // Named from the user's words: the asked model, which would title it, was unavailable.
  await expect(page.getByTestId('conversation-row').first()).toContainText('Is anyone there today');
  await expect(notice).toHaveAttribute('title', `a/${BAD}: rate limited (429)\nb/${BAD}: server error`);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/fallback-notice-desktop.png` });

  // A reload (here on a phone) shows the same notice from the saved answer.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(notice).toHaveText(`Answered by echo because a/${BAD}, b/${BAD} were unavailable`);
  await page.screenshot({ path: `${SHOTS}/fallback-notice-phone.png` });
  await context.close();
});
