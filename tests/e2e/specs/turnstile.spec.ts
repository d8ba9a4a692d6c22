import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test, uniqueUser } from '../support/fixtures.ts';
import { startParley, type RunningServer } from '../support/parley-server.ts';

// The widget's script is remote: the browser's request for it is answered with this stub, which
// renders a marker and hands the page a fresh answer, as the real widget does once solved.
const WIDGET_STUB = `
const solve = (callback) => {
  const answer = 'good-' + Date.now() + '-' + Math.random().toString(36).slice(2);
  setTimeout(() => callback(answer), 50);
};
window.__turnstileResets = 0;
window.turnstile = {
  render(el, options) {
    window.__turnstileOptions = { sitekey: options.sitekey, size: options.size };
    el.textContent = 'Human check (test widget)';
    this.callback = options.callback;
    solve(options.callback);
    return 'widget-1';
  },
  reset() {
    window.__turnstileResets += 1;
    solve(this.callback);
  },
  remove() {},
};`;

/** The provider's verification endpoint, local: an answer passes once, as with the real one. */
let verifier: Server;
const verified: string[] = [];
let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const seen = new Set<string>();
  verifier = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const answer = form.get('response') ?? '';
      const success = form.get('secret') === 'e2e-secret' && answer.startsWith('good-') && !seen.has(answer);
      seen.add(answer);
      if (success) verified.push(answer);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success }));
    });
  });
  await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
  const port = (verifier.address() as AddressInfo).port;
  server = await startParley({
    yaml: 'version: 1.2.8\nturnstile:\n  siteKey: e2e-site-key\n  options:\n    size: compact\n',
    env: {
      TURNSTILE_SECRET_KEY: 'e2e-secret',
      TURNSTILE_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
  verifier?.closeAllConnections();
  verifier?.close();
});

async function stubWidget(page: Page) {
  await page.route('https://challenges.cloudflare.com/turnstile/v0/api.js**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: WIDGET_STUB }),
  );
}

test('registers (and is signed in at once), then signs in, each through the human check', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await stubWidget(page);
  const user = uniqueUser('human');
  await page.goto(`${server.url}/register`);
  const create = page.getByRole('button', { name: 'Create account' });
  await page.getByLabel('Full name').fill(user.name);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await expect(page.getByTestId('turnstile')).toHaveText('Human check (test widget)');
  await expect(create).toBeEnabled();
  expect(await page.evaluate(() => (window as { __turnstileOptions?: unknown }).__turnstileOptions)).toEqual({
    sitekey: 'e2e-site-key',
    size: 'compact',
  });
  await page.screenshot({ path: testInfo.outputPath('turnstile-register.png') });
  await create.click();
  await expect(page.getByTestId('register-success')).toBeVisible();
  // Registration spent the widget's answer; the automatic sign-in still opens the app signed in.
  await page.waitForURL('**/c/new', { timeout: 15_000 });
  await expect(page.getByTestId('account-menu')).toContainText(user.name);
  expect(verified).toHaveLength(1);

  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL('**/login');
  await page.getByLabel('Email address').fill(user.email);
  await expect(page.getByTestId('turnstile')).toHaveText('Human check (test widget)');
  // A wrong password spends the widget's answer: the widget is reset for a fresh one, so the
  // next attempt is not refused as a failed human check.
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('login-error')).toContainText('Unable to log in');
  await expect
    .poll(() => page.evaluate(() => (window as { __turnstileResets?: number }).__turnstileResets))
    .toBe(1);
  await page.getByLabel('Password').fill(user.password);
  await page.screenshot({ path: testInfo.outputPath('turnstile-login.png') });
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/c/new');
  expect(verified).toHaveLength(3);
});

test("the page's CSP allows the widget's origin only where the human check is configured", async ({
  baseURL,
}) => {
  const csp = async (url: string) =>
    (await fetch(`${url}/login`)).headers.get('content-security-policy') ?? '';
  const withCheck = await csp(server.url);
  expect(withCheck).toMatch(/script-src [^;]*https:\/\/challenges\.cloudflare\.com/);
  expect(withCheck).toMatch(/frame-src [^;]*https:\/\/challenges\.cloudflare\.com/);
  const without = await csp(baseURL!);
  expect(without).toContain('script-src');
  expect(without).not.toContain('challenges.cloudflare.com');
});
