import { chooseModel, closePhoneSidebar, send, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn, useSimParley } from '../support/sim-parley.ts';

// Several models side by side: the `+` beside the model menu (or + typed in the box) adds a
// second model to the conversation, the banner says which, one message is answered by both at
// once, shown next to each other (also after a reload, which keeps the second model), Stop stops
// both, and removing the second model goes back to one answer.
// `slow` at 40 tokens/s instead of its own 20: its 350 tokens still stream for about 9 s, long
// enough to stop mid-answer, and the three tests that wait out whole answers (one of them two)
// stay well inside their time limit on a loaded machine (the regenerate test took 43 of its 60 s).
const stack = useSimParley({ models: ['echo', 'slow'], tokensPerSecond: 40 });

/** The simulator's `slow` answer starts with this sentence. */
const SLOW_START = 'Sentence 1 of the slow answer.';

test('two models answer one message side by side', async ({ browser }, testInfo) => {
  const { context, page } = await openSignedIn(browser, stack.server.url, 'multi');
  await chooseModel(page, 'echo');

  await page.getByTestId('add-model').click();
  await page.getByTestId('model-option-slow').click();
  const banner = page.getByTestId('added-convo-banner');
  await expect(banner).toContainText('Also answering:');
  await expect(banner).toContainText('slow');

  const sent = page.waitForRequest((r) => r.url().includes('/api/agents/chat/') && r.method() === 'POST');
  await send(page, 'compare these two');
  expect((await sent).postDataJSON()).toMatchObject({
    endpoint: 'Sim',
    model: 'echo',
    addedConvo: { endpoint: 'Sim', model: 'slow' },
  });

  const pair = page.getByTestId('answer-pair');
  await expect(pair).toBeVisible();
  const columns = pair.getByTestId('answer-pair-column');
  await expect(columns).toHaveCount(2);
  await expect(pair.getByTestId('answer-pair-model')).toHaveText(['echo', 'slow']);
  // The second answer streams on after the first is done.
  await expect(columns.nth(1).locator('[data-streaming]')).toBeVisible();
  await expect(columns.nth(0)).toContainText('compare these two');
  await page.screenshot({ path: testInfo.outputPath('multi-convo-streaming.png') });
  await waitIdle(page);
  await expect(columns.nth(1)).toContainText(SLOW_START);
  await expect(page.locator('[data-streaming]')).toHaveCount(0);
  // Side by side: the two columns share a row.
  const [left, right] = [await columns.nth(0).boundingBox(), await columns.nth(1).boundingBox()];
  expect(Math.abs(left!.y - right!.y)).toBeLessThan(4);
  expect(right!.x).toBeGreaterThan(left!.x + left!.width - 1);
  await page.screenshot({ path: testInfo.outputPath('multi-convo-done.png') });

  // After a reload the saved pair is shown side by side again.
  await page.reload();
  await expect(page.getByTestId('answer-pair-column')).toHaveCount(2);
  await expect(page.getByTestId('answer-pair-column').nth(0)).toContainText('compare these two');
  await expect(page.getByTestId('answer-pair-column').nth(1)).toContainText(SLOW_START);

  // The second model belongs to this conversation: a reload keeps it; a new chat starts without
  // one, and coming back to this conversation finds it again.
  await expect(banner).toContainText('slow');
  const conversationUrl = page.url();
  expect(conversationUrl).toMatch(/\/c\/[0-9a-f-]{36}$/);
  await page.goto(`${stack.server.url}/c/new`);
  await expect(page.getByTestId('chat-input')).toBeVisible();
  await expect(banner).toBeHidden();
  await page.goto(conversationUrl);
  await expect(banner).toContainText('slow');

  // Stop stops both answers; each keeps what it had.
  await chooseModel(page, 'slow');
  await send(page, 'a long one from both');
  const latest = page.getByTestId('answer-pair').last();
  await expect(latest.locator('[data-streaming]')).toHaveCount(2);
  // Both have written something before the stop (streaming starts before the first sentence).
  for (const column of await latest.getByTestId('answer-pair-column').all()) {
    await expect(column).toContainText('Sentence');
  }
  await page.getByTestId('stop-button').click();
  await waitIdle(page);
  await expect(page.locator('[data-streaming]')).toHaveCount(0);
  for (const column of await latest.getByTestId('answer-pair-column').all()) {
    await expect(column).toContainText('Sentence');
    // Both were stopped by the person: each reads "Stopped", with Continue named.
    await expect(column.getByTestId('stopped-mark')).toHaveText('Stopped');
    await expect(column.getByTestId('unfinished-notice')).toHaveCount(0);
  }
  await page.screenshot({ path: testInfo.outputPath('multi-convo-stopped.png') });

  // Removing the second model: the banner goes and the next message has one answer.
  await banner.getByRole('button', { name: 'Remove the second model' }).click();
  await expect(banner).toBeHidden();
  const single = page.waitForRequest((r) => r.url().includes('/api/agents/chat/') && r.method() === 'POST');
  await chooseModel(page, 'echo');
  await send(page, 'just one now');
  expect((await single).postDataJSON().addedConvo).toBeUndefined();
  await waitIdle(page);
  await expect(page.getByTestId('answer-pair')).toHaveCount(2);
  await expect(page.getByTestId('message-assistant').last()).toContainText('just one now');
  await context.close();
});

test('typing + chooses the second model; its Commands switch turns the command off', async ({
  browser,
}, testInfo) => {
  const { context, page } = await openSignedIn(browser, stack.server.url, 'multi-plus');
  await chooseModel(page, 'echo');
  const input = page.getByTestId('chat-input');
  const popup = page.getByTestId('mention-popup');
  const banner = page.getByTestId('added-convo-banner');

  // + opens the chooser of a second model, which says so; Enter drills into the endpoint, the
  // typed search narrows its models, Enter chooses. The model of the conversation stays.
  await input.fill('+');
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('Add a second model to answer too');
  await page.screenshot({ path: testInfo.outputPath('plus-command-popup.png') });
  await input.press('Enter');
  await input.pressSequentially('slo');
  await expect(popup.getByRole('option')).toHaveCount(1);
  await input.press('Enter');
  await expect(popup).toHaveCount(0);
  await expect(input).toHaveValue('');
  await expect(banner).toContainText('slow');
  await expect(page.getByTestId('model-menu')).toContainText('echo');
  await page.screenshot({ path: testInfo.outputPath('plus-command-chosen.png') });

  // A message that merely starts with + is a message: no chooser, sent with the second model.
  const sent = page.waitForRequest((r) => r.url().includes('/api/agents/chat/') && r.method() === 'POST');
  await input.fill('+1 for both');
  await expect(popup).toHaveCount(0);
  await input.press('Enter');
  expect((await sent).postDataJSON()).toMatchObject({
    model: 'echo',
    text: '+1 for both',
    addedConvo: { model: 'slow' },
  });
  await waitIdle(page);
  await banner.getByRole('button', { name: 'Remove the second model' }).click();

  // Settings → Commands offers the + command's switch; turned off, + opens nothing.
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const dialog = page.getByTestId('settings-dialog');
  await dialog.getByRole('tab', { name: 'Commands' }).click();
  const plusSwitch = dialog.getByRole('switch', { name: '+ command' });
  await expect(plusSwitch).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath('plus-command-setting.png') });
  await plusSwitch.click();
  await expect(plusSwitch).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await input.fill('+');
  await page.waitForTimeout(300);
  await expect(popup).toHaveCount(0);
  // @ has its own switch and still opens the model switcher.
  await input.fill('@');
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('Select an endpoint');
  await context.close();
});

test('regenerating the second answer asks the second model again and leaves the first', async ({
  browser,
}, testInfo) => {
  const { context, page } = await openSignedIn(browser, stack.server.url, 'multi-regen');
  await chooseModel(page, 'echo');
  await page.getByTestId('add-model').click();
  await page.getByTestId('model-option-slow').click();
  await send(page, 'answer this twice');
  await waitIdle(page);
  const columns = page.getByTestId('answer-pair').getByTestId('answer-pair-column');
  await expect(columns.nth(1)).toContainText(SLOW_START);
  const firstText = await columns.nth(0).getByTestId('markdown').allInnerTexts();
  expect(firstText.join('')).toContain('answer this twice');

  const sent = page.waitForRequest((r) => r.url().includes('/api/agents/chat/') && r.method() === 'POST');
  await columns.nth(1).getByTestId('regenerate').click();
  const body = (await sent).postDataJSON();
  expect(body).toMatchObject({ endpoint: 'Sim', model: 'slow', isRegenerate: true });
  expect(typeof body.pairedAnswerId).toBe('string');
  expect(body.addedConvo).toBeUndefined();
  // Only the second column streams again; the first answer stays as it was.
  await expect(columns.nth(1).locator('[data-streaming]')).toBeVisible();
  await expect(columns.nth(0).locator('[data-streaming]')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('multi-convo-regenerate-second.png') });
  await waitIdle(page);
  await expect(columns).toHaveCount(2);
  await expect(page.getByTestId('answer-pair-model')).toHaveText(['echo', 'slow']);
  await expect(columns.nth(1)).toContainText(SLOW_START);
  await expect(columns.nth(0).getByTestId('markdown')).toHaveText(firstText);
  // The new answer is a sibling of the second answer only: the second column counts two, the
  // first none (it read "3 / 3" in both, counting the first answer with the second's).
  await expect(columns.nth(1).getByTestId('sibling-position')).toHaveText('2 / 2');
  await expect(columns.nth(0).getByTestId('sibling-nav')).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('multi-convo-regenerated-counter-1440.png') });
  // On a phone the two answers stack; the second still counts its own siblings.
  await page.setViewportSize({ width: 390, height: 844 });
  await closePhoneSidebar(page);
  await columns.nth(1).getByTestId('sibling-position').scrollIntoViewIfNeeded();
  await expect(columns.nth(1).getByTestId('sibling-position')).toHaveText('2 / 2');
  await page.screenshot({ path: testInfo.outputPath('multi-convo-regenerated-counter-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  const secondIds = async () =>
    columns.nth(1).locator('[data-message-id]').first().getAttribute('data-message-id');
  const newest = await secondIds();
  await columns.nth(1).getByTestId('sibling-prev').click();
  await expect(columns.nth(1).getByTestId('sibling-position')).toHaveText('1 / 2');
  await expect.poll(secondIds).not.toBe(newest);
  await expect(columns.nth(0).getByTestId('markdown')).toHaveText(firstText);
  await expect(page.getByTestId('answer-pair-model')).toHaveText(['echo', 'slow']);
  await columns.nth(1).getByTestId('sibling-next').click();
  await expect(columns.nth(1).getByTestId('sibling-position')).toHaveText('2 / 2');

  // As saved: after a reload the new second answer stands beside the same first one, and the
  // conversation still answers with its own model.
  await page.reload();
  await expect(columns).toHaveCount(2);
  await expect(page.getByTestId('answer-pair-model')).toHaveText(['echo', 'slow']);
  await expect(columns.nth(0).getByTestId('markdown')).toHaveText(firstText);
  await expect(page.getByTestId('model-menu')).toContainText('echo');
  await context.close();
});
