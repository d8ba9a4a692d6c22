import { chooseModel, send, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn, useSimParley } from '../support/sim-parley.ts';

// The "modular chat" setting (Settings → Chat): on, choosing a model of another endpoint keeps
// the conversation going with its second model; off, it starts a new chat with that model, while
// another model of the same endpoint still keeps the conversation.
const stack = useSimParley({
  models: ['echo', 'thinking'],
  // A second endpoint on the same simulator: the list of custom endpoints goes on.
  yaml: `    - name: Other
      apiKey: sk-test
      baseURL: SIM_URL/v1
      models: { default: [showcase] }
`,
});

test('modular chat keeps the conversation across endpoints; off, another endpoint opens a new chat', async ({
  browser,
}, testInfo) => {
  const { context, page } = await openSignedIn(browser, stack.server.url, 'modular');
  await chooseModel(page, 'echo');
  await page.getByTestId('add-model').click();
  await page.getByTestId('model-option-thinking').click();
  const banner = page.getByTestId('added-convo-banner');
  await expect(banner).toContainText('thinking');
  await send(page, 'modular first');
  await waitIdle(page);
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const conversationUrl = page.url();

  // On (the default): another endpoint's model, same conversation, the second model kept.
  await chooseModel(page, 'showcase');
  await expect(page).toHaveURL(conversationUrl);
  await expect(page.getByTestId('message-user')).toContainText('modular first');
  await expect(banner).toContainText('thinking');

  // Off: switched in Settings → Chat.
  await chooseModel(page, 'echo');
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const dialog = page.getByTestId('settings-dialog');
  await dialog.getByRole('tab', { name: 'Chat' }).click();
  const modular = dialog.getByRole('switch', { name: 'Modular chat' });
  await expect(modular).toBeChecked();
  await modular.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('modular-chat-setting.png') });
  await modular.click();
  await expect(modular).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Another model of the same endpoint still keeps the conversation.
  await chooseModel(page, 'thinking');
  await expect(page).toHaveURL(conversationUrl);
  await chooseModel(page, 'echo');
  await expect(page).toHaveURL(conversationUrl);

  // Another endpoint's model: a new chat with that model, without the second model.
  await chooseModel(page, 'showcase');
  await expect(page).toHaveURL(/\/c\/new/);
  await expect(page.getByTestId('model-menu')).toContainText('showcase');
  await expect(page.getByTestId('message-user')).toHaveCount(0);
  await expect(banner).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('modular-chat-off-new-chat.png') });

  // The setting is kept across a reload, and the old conversation is untouched.
  await page.goto(conversationUrl);
  await expect(page.getByTestId('message-user')).toContainText('modular first');
  await expect(banner).toContainText('thinking');
  await page.reload();
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await dialog.getByRole('tab', { name: 'Chat' }).click();
  await expect(dialog.getByRole('switch', { name: 'Modular chat' })).not.toBeChecked();
  await context.close();
});
