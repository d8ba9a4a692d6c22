import { test as base, expect, type Page } from '@playwright/test';

/**
 * Tests get the server address from the global setup through the environment. Every page fails
 * its test on a Content-Security-Policy violation, so the policy is checked by every spec.
 */
/**
 * The one refusal that is the policy working: the artifact preview allows only its own Trusted
 * Types policies (a policy of any other name could mint HTML that skips its srcdoc check), so
 * DOMPurify's attempt to make one (mermaid loads it) is refused, and DOMPurify goes on with plain
 * strings, which pass the page's default policy.
 */
const EXPECTED_REFUSAL = /Creating a TrustedTypePolicy named 'dompurify'/;

export const test = base.extend({
  // Playwright requires the object pattern even when no other fixture is used.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(process.env.PARLEY_BASE_URL);
  },
  page: async ({ page }, use) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      const text = message.text();
      if (message.type() === 'error' && /Content Security Policy/i.test(text) && !EXPECTED_REFUSAL.test(text))
        violations.push(text);
    });
    await use(page);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
});
export { expect };

let counter = 0;

export function uniqueUser(prefix = 'user') {
  counter += 1;
  const id = `${prefix}${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e4)}`;
  return {
    name: `Test ${prefix}`,
    email: `${id}@example.com`,
    password: 'correct horse battery',
    username: id,
  };
}

export type TestUser = ReturnType<typeof uniqueUser>;

/** Registers through the UI and waits for the signed-in chat view. */
export async function registerViaUi(page: Page, user: TestUser): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Full name').fill(user.name);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('register-success')).toBeVisible();
  await page.waitForURL('**/c/new', { timeout: 15_000 });
}

/** Creates an account through the API (faster setup for tests about something else). */
export async function registerViaApi(baseURL: string, user: TestUser): Promise<void> {
  const res = await fetch(`${baseURL}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: user.name,
      username: user.username,
      email: user.email,
      password: user.password,
      confirm_password: user.password,
    }),
  });
  if (!res.ok) throw new Error(`register failed: ${res.status} ${await res.text()}`);
}

/**
 * Signs in through the API from the page's own browser context, so the session cookie lands where
 * the page reads it; the caller then opens the page it tests. Tests about something other than the
 * login form use it: the form costs every such test a page load and three fields.
 */
export async function loginViaApi(page: Page, baseURL: string, user: TestUser): Promise<void> {
  const res = await page.request.post(`${baseURL}/api/auth/login`, {
    data: { email: user.email, password: user.password },
  });
  if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
}

export async function loginViaUi(page: Page, user: TestUser): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/c/new');
}
