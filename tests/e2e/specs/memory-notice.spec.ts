import { chooseModel, lastAnswer, send, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn, useSimParley } from '../support/sim-parley.ts';

// A server of its own whose memory step is the simulator's `memory` model (it reads "remember my
// <key> is <value>" and "forget my <key>"), with a small token limit so a long memory is refused.
test.describe('with a memory step that answers at once', () => {
  const stack = useSimParley({
    models: ['echo'],
    yaml: `memory:
  tokenLimit: 30
  messageWindowSize: 2
  agent: { provider: Sim, model: memory }
`,
  });

  test('the memory notice shows what the memory step changed after an answer, and survives a reload', async ({
    browser,
  }, testInfo) => {
    const { context, page } = await openSignedIn(browser, stack.server.url, 'memnotice');
    await chooseModel(page, 'echo');

    await send(page, 'Please remember that my city is Lisbon.');
    await waitIdle(page);
    const notice = lastAnswer(page).getByTestId('memory-notice');
    await expect(notice).toBeVisible();
    await expect(notice).not.toHaveAttribute('data-error');
    const heading = notice.getByRole('button', { name: 'Memory updated' });
    await expect(heading).toHaveAttribute('aria-expanded', 'false');
    await heading.click();
    await expect(heading).toHaveAttribute('aria-expanded', 'true');
    await expect(notice.getByTestId('memory-notice-rows')).toHaveText('Saved city: Lisbon');
    await page.screenshot({ path: testInfo.outputPath('memory-notice.png') });

    // Too long for the 30-token store: refused, shown in red as the storage-full notice.
    await send(
      page,
      'remember my story is I was born in a small town by the river, spent every summer of my childhood fishing with my grandfather, moved to the city to study engineering, and now build bridges across three continents',
    );
    await waitIdle(page);
    const full = lastAnswer(page).getByTestId('memory-notice');
    await expect(full).toHaveAttribute('data-error', 'true');
    const fullHeading = full.getByRole('button', { name: /Memory storage full/ });
    await fullHeading.click();
    await expect(full.getByTestId('memory-notice-rows')).toContainText(
      /story: would exceed the limit \(\d+ tokens\)/,
    );
    await page.screenshot({ path: testInfo.outputPath('memory-notice-error.png') });

    // An answer that changed no memory has no notice.
    await send(page, 'What a lovely day.');
    await waitIdle(page);
    await expect(lastAnswer(page)).toContainText('What a lovely day.');
    await expect(lastAnswer(page).getByTestId('memory-notice')).toHaveCount(0);

    // The saved answers carry their notices: a reload shows them again.
    await page.reload();
    const answers = page.getByTestId('message-assistant');
    await expect(answers).toHaveCount(3);
    await expect(answers.nth(0).getByTestId('memory-notice')).toContainText('Memory updated');
    await expect(answers.nth(1).getByTestId('memory-notice')).toHaveAttribute('data-error', 'true');
    await expect(answers.nth(2).getByTestId('memory-notice')).toHaveCount(0);

    // The change is a real memory: the manager lists it.
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const dialog = page.getByTestId('settings-dialog');
    await dialog.getByRole('tab', { name: 'Personalization' }).click();
    const row = dialog.getByTestId('memory-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('memory-key')).toHaveText('city');
    await expect(row.getByTestId('memory-value')).toHaveText('Lisbon');
    await context.close();
  });
});

// A server whose memory step thinks for 4 s (its endpoint delays the first token), so a reload
// right after the answer lands while the step still runs.
test.describe('with a memory step that is still running', () => {
  const slow = useSimParley({
    models: ['echo'],
    yaml: `    - name: Thinking
      apiKey: sk-test
      baseURL: SIM_URL/v1
      headers: { x-sim-first-token-delay-ms: "4000" }
      models: { default: [memory], fetch: false }
memory:
  agent: { provider: Thinking, model: memory }
`,
  });

  test('a page reloaded while the memory step runs shows the notice when the step ends, without another reload', async ({
    browser,
  }, testInfo) => {
    const { context, page } = await openSignedIn(browser, slow.server.url, 'memwait');
    await chooseModel(page, 'echo');
    await send(page, 'Please remember that my city is Porto.');
    await waitIdle(page);
    await expect(lastAnswer(page).getByTestId('memory-notice')).toHaveCount(0);

    // The list read after the reload says the step still runs on the newest answer.
    const listed = page.waitForResponse(
      (r) => /\/api\/messages\/[^/?]+$/.test(new URL(r.url()).pathname) && r.request().method() === 'GET',
    );
    await page.reload();
    const list = (await (await listed).json()) as { isCreatedByUser: boolean; memoryPending?: true }[];
    expect(list.find((m) => !m.isCreatedByUser)?.memoryPending).toBe(true);

    const notice = lastAnswer(page).getByTestId('memory-notice');
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await notice.getByRole('button', { name: 'Memory updated' }).click();
    await expect(notice.getByTestId('memory-notice-rows')).toHaveText('Saved city: Porto');
    await page.screenshot({ path: testInfo.outputPath('memory-notice-after-reload.png') });
    await context.close();
  });
});
