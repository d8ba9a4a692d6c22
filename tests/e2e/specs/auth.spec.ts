import { expect, loginViaUi, registerViaApi, registerViaUi, test, uniqueUser } from '../support/fixtures.ts';

test('register, land on /c/new, stay signed in after reload, log out to /login', async ({ page }) => {
  const user = uniqueUser('reg');
  await registerViaUi(page, user);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await expect(page.getByTestId('account-menu')).toContainText(user.name);

  await page.reload();
  await expect(page).toHaveURL(/\/c\/new$/);
  await expect(page.getByTestId('account-menu')).toBeVisible();

  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL('**/login');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();

  // The session is gone: the shell sends us back to /login.
  await page.goto('/c/new');
  await page.waitForURL('**/login');
});

test('a wrong password shows the mapped login error', async ({ page, baseURL }) => {
  const user = uniqueUser('wrong');
  await registerViaApi(baseURL!, user);
  await page.goto('/login');
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('login-error')).toContainText(
    'Unable to log in with the information provided',
  );
  await expect(page).toHaveURL(/\/login$/);
});

test('register form validates per the rules', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('different');
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create account' })).toBeDisabled();
});

test('a new password shows how strong it looks and can be shown while typing', async ({ page }) => {
  await page.goto('/register');
  const password = page.getByLabel('Password', { exact: true });
  const strength = page.getByTestId('password-strength');
  await password.fill('password');
  await expect(strength).toHaveAttribute('data-strength', 'weak');
  await expect(strength).toContainText('Weak');
  await password.fill('correct Horse battery 9');
  await expect(strength).toHaveAttribute('data-strength', 'strong');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(password).toHaveValue('correct Horse battery 9');
  await page.screenshot({ path: test.info().outputPath('register-password-strength.png') });
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
});

test('the register page sends its ?token= invitation, and shows the refusal of a bad one', async ({
  page,
}) => {
  const user = uniqueUser('invited');
  const sent: unknown[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/api/auth/register')) sent.push(req.postDataJSON());
  });
  await page.goto('/register?token=not-an-invitation');
  await page.getByLabel('Full name').fill(user.name);
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('register-error')).toContainText(
    'This invitation is invalid or has expired.',
  );
  expect(sent).toEqual([expect.objectContaining({ email: user.email, token: 'not-an-invitation' })]);
  await page.screenshot({ path: test.info().outputPath('register-bad-invitation.png') });
});

test('reset a password through the link shown when e-mail is off', async ({ page, baseURL }) => {
  const user = uniqueUser('reset');
  await registerViaApi(baseURL!, user);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email address').fill(user.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  const link = page.getByTestId('reset-link');
  await expect(link).toBeVisible();
  await link.click();
  await page.waitForURL(/\/reset-password\?token=.+&userId=.+/);

  const newPassword = 'a brand new password';
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('reset-success')).toContainText('log in with your new password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/login');

  await loginViaUi(page, { ...user, password: newPassword });
  await expect(page.getByTestId('account-menu')).toBeVisible();
});

test('an invalid reset token offers a way to request a new link', async ({ page }) => {
  await page.goto('/reset-password?token=nope&userId=nobody');
  await page.getByLabel('Password', { exact: true }).fill('whatever123');
  await page.getByLabel('Confirm password').fill('whatever123');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('reset-error')).toContainText('no longer valid');
  await page.getByTestId('reset-error').getByRole('link', { name: 'Click here' }).click();
  await page.waitForURL('**/forgot-password');
});

test('a signed-in user opening /login goes to /c/new', async ({ page, baseURL }) => {
  const user = uniqueUser('signed');
  await registerViaApi(baseURL!, user);
  await loginViaUi(page, user);
  await page.goto('/login');
  await page.waitForURL('**/c/new');
});
