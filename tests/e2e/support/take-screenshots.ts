// Design review helper: `node --import tsx tests/e2e/support/take-screenshots.ts [outDir]` starts
// the real servers and saves every page at desktop and phone size, light and dark.
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from '@playwright/test';
import { BANNER_HTML, TERMS_YAML } from './global-setup.ts';
import { startParley } from './parley-server.ts';

const OUT = process.argv[2] ?? '/tmp/parley-shots';
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const SCHEMES = ['light', 'dark'] as const;

async function register(base: string, email: string) {
  await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Ada Lovelace',
      username: 'ada',
      email,
      password: 'password123',
      confirm_password: 'password123',
    }),
  });
}

async function login(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('password123');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/c/new');
}

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(700);
  await page.screenshot({ path: `${OUT}/${name}.png` });
}

async function run(browser: Browser, base: string, termsBase: string) {
  for (const [sizeName, viewport] of Object.entries(SIZES)) {
    for (const scheme of SCHEMES) {
      const tag = `${sizeName}-${scheme}`;
      const context = await browser.newContext({ baseURL: base, viewport, colorScheme: scheme });
      const page = await context.newPage();
      const pages: [string, string][] = [
        ['login', '/login'],
        ['register', '/register'],
        ['forgot-password', '/forgot-password'],
        ['reset-password-missing', '/reset-password'],
        ['two-factor', '/login/2fa?tempToken=x'],
        ['verify-missing', '/verify?email=a@b.c'],
        ['oauth-success', '/oauth/success?serverName=Example'],
        ['oauth-error', '/oauth/error?error=invalid_state'],
        ['error-404', '/nope/nothing'],
      ];
      for (const [name, path] of pages) {
        await page.goto(path);
        await shoot(page, `${name}-${tag}`);
      }
      await page.goto('/login');
      await page.getByRole('button', { name: 'Continue' }).click();
      await shoot(page, `login-errors-${tag}`);

      await page.goto('/forgot-password');
      const email = `shots-${tag}@example.com`;
      await register(base, email);
      await page.getByLabel('Email address').fill(email);
      await page.getByRole('button', { name: 'Continue' }).click();
      await shoot(page, `forgot-password-link-${tag}`);

      await login(page, email);
      await shoot(page, `chat-new-${tag}`);
      if (sizeName === 'phone') {
        await page.getByTestId('mobile-header').getByRole('button', { name: 'Toggle sidebar' }).click();
        await shoot(page, `chat-sidebar-open-${tag}`);
      } else {
        await page.getByTestId('nav-toggle').click();
        await shoot(page, `chat-collapsed-${tag}`);
        await page.getByTestId('nav-toggle').click();
      }
      await page.getByTestId('account-menu').click();
      await shoot(page, `account-menu-${tag}`);
      await page.getByRole('menuitem', { name: 'Settings' }).click();
      await shoot(page, `settings-general-${tag}`);
      await page.getByRole('tab', { name: 'Chat' }).click();
      await shoot(page, `settings-chat-${tag}`);
      await page.getByRole('tab', { name: 'Account' }).click();
      await shoot(page, `settings-account-${tag}`);
      await page.getByTestId('delete-account').click();
      await shoot(page, `delete-account-${tag}`);
      await context.close();

      const termsContext = await browser.newContext({ baseURL: termsBase, viewport, colorScheme: scheme });
      const termsPage = await termsContext.newPage();
      await termsPage.goto('/login');
      await shoot(termsPage, `login-banner-${tag}`);
      await register(termsBase, email);
      await login(termsPage, email);
      await shoot(termsPage, `terms-modal-${tag}`);
      await termsContext.close();
    }
  }
}

mkdirSync(OUT, { recursive: true });
const [main, terms] = await Promise.all([
  startParley(),
  startParley({ yaml: TERMS_YAML, admin: [['set-banner', '--message', BANNER_HTML, '--public']] }),
]);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  await run(browser, main.url, terms.url);
  console.log(`screenshots in ${OUT}`);
} finally {
  await browser.close();
  await Promise.all([main.stop(), terms.stop()]);
}
