import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, loginViaUi, registerViaApi, test, uniqueUser } from '../support/fixtures.ts';

// The rough edges a new user meets in the first hour: sign-out, registration, lockouts, keyboard.

test("a new chat whose first answer fails is listed under the user's words", async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'error-500');
  await send(page, 'Why did the provider refuse');
  await expect(lastAnswer(page).getByTestId('message-error')).toBeVisible();
  const row = page.getByTestId('conversation-row').first();
  await expect(row).toHaveText('Why did the provider refuse');
  await page.reload();
  await expect(row).toHaveText('Why did the provider refuse');
});

test('a draft survives signing out and in again, and is not shown to another account', async ({
  page,
  baseURL,
}) => {
  const user = uniqueUser('draft');
  await registerViaApi(baseURL!, user);
  // Through the form, as this test was written. Arriving signed in by the session cookie instead
  // (the API sign-in other specs use) can lose this draft when the same account signs in again:
  // it did in the full run and after this file's first test, not alone — a timing-dependent bug
  // left open in the issue notes.
  await loginViaUi(page, user);
  const input = page.getByTestId('chat-input');
  // Signing out right after typing: the draft is saved without waiting for the typing pause.
  await input.fill('Half a thought, kept');
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL('**/login');
  await loginViaUi(page, user);
  await expect(input).toHaveValue('Half a thought, kept');

  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL('**/login');
  const other = uniqueUser('other');
  await registerViaApi(baseURL!, other);
  await loginViaUi(page, other);
  await expect(input).toBeVisible();
  await expect(input).toHaveValue('');
});

test('registration says so once and lands signed in on a new chat', async ({ page }) => {
  const user = uniqueUser('once');
  await page.goto('/register');
  await page.getByLabel('Full name').fill(user.name);
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  const success = page.getByTestId('register-success');
  await expect(success).toBeVisible();
  expect((await success.innerText()).split('Registration successful.').length - 1).toBe(1);
  await page.waitForURL('**/c/new');
  await expect(page.getByTestId('chat-input')).toBeVisible();
});

test('a sign-in lockout says how long to wait', async ({ page, baseURL }) => {
  const user = uniqueUser('locked');
  await registerViaApi(baseURL!, user);
  await page.route('**/api/auth/login', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({
        message: 'Too many login attempts',
        code: 'rate_limited',
        type: 'logins',
        retryAfter: 290,
      }),
    }),
  );
  await page.goto('/login');
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Too many login attempts in a short amount of time. Please try again later. Try again in 5 minutes.',
  );
});

test('a long user message is folded to about twelve lines with Show more', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'echo');
  const long = Array.from({ length: 60 }, (_, i) => `Line ${i + 1} of a long paste.`).join('\n\n');
  await send(page, long);
  await waitIdle(page);
  const user = page.getByTestId('message-user');
  const folded = (await user.boundingBox())!.height;
  expect(folded).toBeLessThan(420);
  await user.getByTestId('show-more').click();
  await expect(user.getByTestId('show-more')).toHaveText('Show less');
  expect((await user.boundingBox())!.height).toBeGreaterThan(folded + 200);
  await user.getByTestId('show-more').click();
  await expect.poll(async () => (await user.boundingBox())!.height).toBe(folded);
});

test('keyboard: a skip link leads to the message box, and Esc stops a streaming answer', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'slow');
  // The link is the page's first focus stop: hidden until focused, then shown.
  const skip = page.getByTestId('skip-to-composer');
  await page.getByTestId('chat-input').blur();
  await skip.focus();
  await expect(skip).toBeInViewport();
  await expect(skip).toHaveText('Skip to the message box');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('chat-input')).toBeFocused();

  await send(page, 'Tell me slowly');
  await expect(lastAnswer(page)).toContainText('Sentence 2 of the slow answer');
  await page.keyboard.press('Escape');
  await waitIdle(page);
  // Stopped by the person: the quiet mark, not the incomplete-response notice.
  await expect(page.getByTestId('stopped-mark')).toBeVisible();
  await expect(page.getByTestId('unfinished-notice')).toHaveCount(0);
});
