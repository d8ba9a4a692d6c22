import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

test('query parameters prefill or send, set the model, and are removed from the address', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!);
  await page.goto('/c/new?q=Prefilled%20text&model=slow');
  await expect(page.getByTestId('chat-input')).toHaveValue('Prefilled text');
  await expect(page.getByTestId('model-menu')).toHaveAttribute('data-model', 'slow');
  await expect(page).toHaveURL(/\/c\/new\?model=slow$/);
  await expect(page.getByTestId('chat-input')).toBeFocused();

  await page.goto('/c/new?prompt=Sent%20from%20the%20address&submit=true&model=echo');
  await expect(lastAnswer(page)).toContainText('Sent from the address');
  await waitIdle(page);
  expect(page.url()).not.toContain('prompt=');
  expect(page.url()).not.toContain('submit=');
});

test('drafts are saved per conversation and restored after a reload', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  await page.getByTestId('chat-input').fill('An unsent thought');
  await page.waitForTimeout(1000);
  await page.reload();
  await expect(page.getByTestId('chat-input')).toHaveValue('An unsent thought');
});

test('the @ popup switches the model with the keyboard', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  const input = page.getByTestId('chat-input');
  await input.fill('@');
  const popup = page.getByTestId('mention-popup');
  await expect(popup).toBeVisible();
  await input.press('Enter');
  await expect(popup.getByRole('option', { name: 'showcase' })).toBeVisible();
  await input.pressSequentially('think');
  await expect(popup.getByRole('option')).toHaveCount(1);
  await input.press('Enter');
  await expect(popup).toHaveCount(0);
  await expect(page.getByTestId('model-menu')).toHaveAttribute('data-model', 'thinking');
  await expect(input).toHaveValue('');
  // Escape closes; the setup is remembered for the next new chat.
  await input.fill('@');
  await expect(popup).toBeVisible();
  await input.press('Escape');
  await expect(popup).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('model-menu')).toHaveAttribute('data-model', 'thinking');
});

test('with enter-to-send off, Enter breaks the line and Ctrl+Enter sends', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'echo');
  await page.evaluate(() => localStorage.setItem('enterToSend', 'false'));
  await page.reload();
  const input = page.getByTestId('chat-input');
  await input.fill('line one');
  await input.press('Enter');
  await input.pressSequentially('line two');
  await expect(input).toHaveValue('line one\nline two');
  await input.press('Control+Enter');
  await expect(lastAnswer(page)).toContainText('line two');
});

test('parameters and presets: save, apply, make default', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'showcase');
  await page.getByTestId('parameters-button').click();
  const panel = page.getByTestId('parameters-panel');
  await expect(panel.getByTestId('param-temperature')).toHaveAttribute('max', '2');
  await panel.getByTestId('param-temperature').fill('0.4');
  await page.keyboard.press('Escape');

  await page.getByTestId('presets-button').click();
  await page.getByTestId('preset-save-current').click();
  await page.getByTestId('preset-title').fill('Calm showcase');
  await page.getByTestId('preset-title-save').click();
  await expect(page.getByTestId('preset-title')).toHaveCount(0);

  await chooseModel(page, 'echo');
  await page.getByTestId('presets-button').click();
  await page
    .getByTestId('preset-row')
    .filter({ hasText: 'Calm showcase' })
    .getByRole('button')
    .first()
    .click();
  await expect(page.getByTestId('model-menu')).toHaveAttribute('data-model', 'showcase');
  await page.getByTestId('parameters-button').click();
  await expect(page.getByTestId('param-temperature')).toHaveValue('0.4');
  await page.keyboard.press('Escape');

  // The default preset is where every new chat starts.
  await chooseModel(page, 'echo');
  await page.getByTestId('presets-button').click();
  await page.getByTestId('preset-default').first().click();
  await expect(page.getByTestId('preset-default').first()).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  // A fresh /c/new (the address of this one carries the echo setup it was switched to).
  await expect(page).toHaveURL(/\/c\/new\?.*model=echo/);
  await page.goto('/c/new');
  await expect(page.getByTestId('model-menu')).toHaveAttribute('data-model', 'showcase');

  await page.getByTestId('presets-button').click();
  await page.getByTestId('preset-delete').first().click();
  await expect(page.getByTestId('preset-row')).toHaveCount(0);
});

test('the conversation list pages by cursor as it scrolls', async ({ page, baseURL }) => {
  const user = await signIn(page, baseURL!);
  const login = await page.request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  const { token } = (await login.json()) as { token: string };
  for (let i = 1; i <= 32; i += 1) {
    const res = await page.request.post('/api/agents/chat/Demo', {
      headers: { Authorization: `Bearer ${token}` },
      data: { text: `Seeded chat number ${i}`, model: 'echo', conversationId: null },
    });
    expect(res.ok()).toBe(true);
  }
  await page.reload();
  const list = page.getByTestId('conversation-list');
  await expect(page.getByTestId('conversation-row').first()).toHaveText('Seeded chat number 32');
  // The first page holds 25; scrolling to the end loads the rest.
  await expect(page.getByTestId('conversation-row')).not.toHaveCount(32);
  await list.hover();
  const oldest = page.getByTestId('conversation-row').filter({ hasText: /^Seeded chat number 1$/ });
  await expect(async () => {
    await page.mouse.wheel(0, 2000);
    await expect(oldest).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  expect((await page.getByTestId('conversation-row').first().boundingBox())?.height).toBe(34);
});

test('feedback thumbs set a rating with a tag and can be removed', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'echo');
  await send(page, 'Rate this');
  await waitIdle(page);
  await lastAnswer(page).getByTestId('feedback-thumbsDown').click();
  const popover = page.getByTestId('feedback-popover');
  await popover.getByRole('button', { name: 'Inaccurate' }).click();
  await popover.getByRole('textbox').fill('Wrong on purpose');
  await popover.getByTestId('feedback-submit').click();
  await expect(lastAnswer(page).getByTestId('feedback-thumbsDown')).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(lastAnswer(page).getByTestId('feedback-thumbsDown')).toHaveAttribute('aria-pressed', 'true');
  await lastAnswer(page).getByTestId('feedback-thumbsDown').click();
  await expect(lastAnswer(page).getByTestId('feedback-thumbsDown')).toHaveAttribute('aria-pressed', 'false');
});
