import { lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

// The model menu: names and descriptions, endpoint icons, a search field past eight models, and
// answers labelled with the model that wrote them.

test('the model menu shows names, descriptions and icons, and searches past eight models', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!);
  await page.getByTestId('model-menu').click();
  const echo = page.getByTestId('model-option-echo');
  await expect(echo).toContainText('Echo');
  await expect(echo).toContainText('Repeats your message');
  await expect(page.getByRole('menu').getByTestId('endpoint-icon').first()).toBeVisible();

  // The Demo offers more than eight models: the menu opens with its search field focused.
  const search = page.getByTestId('model-search');
  await expect(search).toBeFocused();
  await page.keyboard.type('line by line');
  await expect(page.getByTestId('model-option-slow-code')).toBeVisible();
  await expect(echo).toHaveCount(0);
  await search.fill('no such model at all');
  await expect(page.getByTestId('model-search-empty')).toHaveText('No model matches “no such model at all”.');
  // Enter takes the first match.
  await search.fill('ECHO');
  await search.press('Enter');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.getByTestId('model-menu')).toHaveAttribute('data-model', 'echo');
  await expect(page.getByTestId('model-menu')).toContainText('Echo');

  // A fresh open starts with every model again.
  await page.getByTestId('model-menu').click();
  await expect(page.getByTestId('model-search')).toHaveValue('');
  await expect(page.getByTestId('model-option-showcase')).toBeVisible();
  await page.keyboard.press('Escape');

  // The answer is labelled with the model that wrote it, not only the endpoint.
  await send(page, 'Who wrote this');
  await waitIdle(page);
  await expect(lastAnswer(page).getByTestId('message-sender')).toHaveText('Echo');
  await page.reload();
  await expect(lastAnswer(page).getByTestId('message-sender')).toHaveText('Echo');
});
