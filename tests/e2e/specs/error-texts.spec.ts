import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

// Error texts name a control Parley has and the action to take: the spec's wording pointed at
// LibreChat's screen ("click the model logo… Set Token") or at nothing ("Refresh…").

const SHOTS = process.env.SHOTS_OUT ?? 'test-results/screenshots';

test('a refused API key points at "Set key" at the top of the chat', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, baseURL!, 'key401');
  await chooseModel(page, 'error-401');
  await send(page, 'Which key?');
  const error = lastAnswer(page).getByTestId('message-error');
  await expect(error).toContainText('press “Set key” at the top of the chat');
  await expect(error).not.toContainText('Set Token');
  await expect(error).not.toContainText('model logo');
  await waitIdle(page);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SHOTS}/error-401-1440-${scheme}.png` });
  }
});

test('an answer cut off says to press Regenerate, which is under it', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, baseURL!, 'cutoff');
  await chooseModel(page, 'echo');
  await send(page, 'Cut me off');
  await waitIdle(page);
  await expect(page).toHaveURL(/\/c\/(?!new)/);
  // The saved answer as a server restart leaves it: unfinished, not stopped by its user.
  await page.route('**/api/messages/*', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const list = (await response.json()) as { isCreatedByUser: boolean; unfinished?: boolean }[];
    const cut = list.map((m) => (m.isCreatedByUser ? m : { ...m, unfinished: true }));
    await route.fulfill({ response, json: cut });
  });
  await page.reload();
  const notice = lastAnswer(page).getByTestId('unfinished-notice');
  await expect(notice).toHaveText(
    'This answer stopped before it was finished. Press Regenerate under it to ask again.',
  );
  await expect(lastAnswer(page).getByRole('button', { name: 'Regenerate' })).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SHOTS}/unfinished-390-${scheme}.png` });
  }
});
