import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

test('stop mid-stream keeps the partial answer after a reload, and Continue extends it', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'slow');
  await send(page, 'Tell me the slow story');
  await expect(lastAnswer(page)).toContainText('Sentence 2 of the slow answer');
  await page.getByTestId('stop-button').click();
  await waitIdle(page);
  const partial = (await lastAnswer(page).innerText()).trim();
  expect(partial).not.toContain('Sentence 50 of');

  await page.reload();
  await expect(lastAnswer(page)).toContainText('Sentence 2 of the slow answer');
  await expect(page.getByTestId('stopped-mark')).toBeVisible();
  await expect(lastAnswer(page)).not.toContainText('Sentence 50 of');

  await page.getByTestId('continue').click();
  await expect(page.getByTestId('stop-button')).toBeVisible();
  // The same answer grows (no new sibling) past where it was stopped.
  await expect(page.getByTestId('message-assistant')).toHaveCount(1);
  const before = (await lastAnswer(page).innerText()).length;
  await expect
    .poll(async () => (await lastAnswer(page).innerText()).length, { timeout: 15_000 })
    .toBeGreaterThan(before + 40);
  await page.getByTestId('stop-button').click();
  await waitIdle(page);
});

test('a reload mid-stream re-attaches and the answer keeps streaming to the end', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'slow');
  // The web client asks for a generation that outlives its stream (docs/protocol.md); without
  // the header the reload below would stop the answer where it stood.
  const started = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/agents\/chat\//.test(r.url()));
  await send(page, 'Slow one please');
  expect((await started).headers()['x-parley-resumable']).toBe('true');
  await expect(lastAnswer(page)).toContainText('Sentence 1 of the slow answer');
  await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
  await page.reload();
  await expect(page.getByTestId('stop-button')).toBeVisible();
  await expect(lastAnswer(page)).toContainText('Sentence 1 of the slow answer');
  await expect(lastAnswer(page)).toContainText('Sentence 50 of the slow answer', { timeout: 40_000 });
  await waitIdle(page);
  await expect(page.getByTestId('unfinished-notice')).toHaveCount(0);
  await expect(page.getByTestId('stopped-mark')).toHaveCount(0);
});

test('regenerate adds a sibling and the arrows move between them', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'echo');
  await send(page, 'Echo me twice');
  await expect(lastAnswer(page)).toContainText('Echo me twice');
  await waitIdle(page);

  await lastAnswer(page).getByTestId('regenerate').click();
  await waitIdle(page);
  const nav = lastAnswer(page).getByTestId('sibling-nav');
  await expect(nav.getByTestId('sibling-position')).toHaveText('2 / 2');
  await expect(nav.getByTestId('sibling-next')).toBeDisabled();
  await nav.getByTestId('sibling-prev').click();
  await expect(nav.getByTestId('sibling-position')).toHaveText('1 / 2');
  await expect(nav.getByTestId('sibling-prev')).toBeDisabled();
  await expect(lastAnswer(page)).toContainText('Echo me twice');
  await nav.getByTestId('sibling-next').click();
  await expect(nav.getByTestId('sibling-position')).toHaveText('2 / 2');

  // After a reload both answers are still there.
  await page.reload();
  await expect(lastAnswer(page).getByTestId('sibling-position')).toHaveText('2 / 2');
});

test('editing a user message makes a new branch and the old one stays reachable', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'echo');
  await send(page, 'Original question');
  await expect(lastAnswer(page)).toContainText('Original question');
  await waitIdle(page);

  const userMessage = page.getByTestId('message-user').last();
  await userMessage.hover();
  await userMessage.getByTestId('edit-message').click();
  const editor = page.getByTestId('message-editor').getByRole('textbox');
  // Escape cancels.
  await editor.press('Escape');
  await expect(page.getByTestId('message-editor')).toHaveCount(0);

  await userMessage.getByTestId('edit-message').click();
  await page.getByTestId('message-editor').getByRole('textbox').fill('Edited question');
  await page.getByTestId('message-editor').getByRole('textbox').press('Control+Enter');
  await expect(lastAnswer(page)).toContainText('Edited question');
  await waitIdle(page);
  const nav = page.getByTestId('message-user').last().getByTestId('sibling-nav');
  await expect(nav.getByTestId('sibling-position')).toHaveText('2 / 2');

  await nav.getByTestId('sibling-prev').click();
  await expect(page.getByTestId('message-user').last()).toContainText('Original question');
  await expect(lastAnswer(page)).toContainText('Original question');

  // Save only (Ctrl+S) changes the text in place without a new answer.
  await page.getByTestId('message-user').last().getByTestId('edit-message').click();
  await page.getByTestId('message-editor').getByRole('textbox').fill('Original, reworded');
  await page.getByTestId('message-editor').getByRole('textbox').press('Control+s');
  await expect(page.getByTestId('message-user').last()).toContainText('Original, reworded');
  await page.reload();
  await expect(page.getByTestId('message-user').last()).toContainText('Edited question');
  await page.getByTestId('message-user').last().getByTestId('sibling-prev').click();
  await expect(page.getByTestId('message-user').last()).toContainText('Original, reworded');
});

test('the edit hint names the shortcuts that work: an answer saves, a question saves or submits', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'echo');
  await send(page, 'Hint check');
  await expect(lastAnswer(page)).toContainText('Hint check');
  await waitIdle(page);

  const answer = lastAnswer(page);
  await answer.hover();
  await answer.getByTestId('edit-message').click();
  await expect(page.getByTestId('edit-hint')).toHaveText('Ctrl+Enter or Ctrl+S to save · Esc to cancel');
  await page.getByTestId('message-editor').getByRole('textbox').fill('Answer, edited');
  // What the hint says: Ctrl+Enter saves an answer.
  await page.getByTestId('message-editor').getByRole('textbox').press('Control+Enter');
  await expect(page.getByTestId('message-editor')).toHaveCount(0);
  await expect(lastAnswer(page)).toContainText('Answer, edited');

  const question = page.getByTestId('message-user').last();
  await question.hover();
  await question.getByTestId('edit-message').click();
  await expect(page.getByTestId('edit-hint')).toHaveText(
    'Ctrl+Enter to save and submit · Ctrl+S to save · Esc to cancel',
  );
  await page.getByTestId('message-editor').getByRole('textbox').press('Escape');
});

test("an editor opened on a new chat's first answer stays open when a late check of running answers comes back", async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'slow');
  // The page asks which of the user's conversations are still generating (to re-attach after a
  // reload). Each reply is held, as on a loaded machine, until the answer has ended and its
  // editor is open; what it says is what the server said when it was asked.
  const held: (() => Promise<void>)[] = [];
  let release = false;
  await page.route('**/api/agents/chat/active', async (route) => {
    const response = await route.fetch();
    const reply = () => route.fulfill({ response });
    if (release) await reply();
    else held.push(reply);
  });
  const reattached: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/agents\/chat\/stream\//.test(r.url())) reattached.push(r.url());
  });
  await send(page, 'Tell me the slow story');
  await expect(lastAnswer(page)).toContainText('Sentence 1 of the slow answer');
  await page.getByTestId('stop-button').click();
  await waitIdle(page);

  const answer = lastAnswer(page);
  await answer.evaluate((row) => ((row as HTMLElement & { firstSeen?: boolean }).firstSeen = true));
  await answer.hover();
  await answer.getByTestId('edit-message').click();
  const editor = page.getByTestId('message-editor');
  await expect(editor).toBeVisible();

  // A reply asked for while this tab was still streaming would say "generating": the page would
  // re-attach to the answer it already shows, empty its row and build it again.
  release = true;
  await Promise.all(held.map((reply) => reply()));
  await page.waitForTimeout(1_000);
  expect(reattached, 'the page re-attached to an answer it already showed whole').toEqual([]);
  await expect(editor).toBeVisible();
  expect(
    await lastAnswer(page).evaluate(
      (row) => (row as HTMLElement & { firstSeen?: boolean }).firstSeen === true,
    ),
    'the answer row was built again',
  ).toBe(true);
  await editor.getByRole('textbox').press('Escape');
});

test('editing an answer with reasoning: its thoughts and its text each have a box, and both are kept', async ({
  page,
  baseURL,
}, testInfo) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'thinking');
  await send(page, 'Reason about it');
  await expect(lastAnswer(page)).toContainText('here is your message: Reason about it');
  await waitIdle(page);

  const answer = lastAnswer(page);
  await answer.hover();
  await answer.getByTestId('edit-message').click();
  const editor = page.getByTestId('message-editor');
  const thoughts = editor.getByTestId('edit-thoughts');
  await expect(thoughts).toHaveValue(/^Let me think about this step by step/);
  // The text box has the focus and only the answer's text, not its reasoning.
  const text = editor.getByRole('textbox', { name: 'Edit message' });
  await expect(text).toBeFocused();
  await expect(text).toHaveValue('After thinking it over, here is your message: Reason about it');
  await page.screenshot({ path: testInfo.outputPath('edit-answer-with-thoughts.png') });
  await thoughts.fill('A shorter thought.');
  await text.fill('An edited answer.');
  await editor.getByTestId('edit-save').click();
  await expect(lastAnswer(page)).toContainText('An edited answer.');

  await page.reload();
  await expect(lastAnswer(page)).toContainText('An edited answer.');
  await expect(lastAnswer(page)).not.toContainText('here is your message');
  const block = lastAnswer(page).getByTestId('thinking-block');
  if ((await block.getAttribute('data-state')) === 'closed')
    await block.getByTestId('thinking-toggle').click();
  await expect(block.getByTestId('thinking-content')).toHaveText('A shorter thought.');
});
