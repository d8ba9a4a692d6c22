import type { BrowserContext, Page } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { expect, test } from '../support/fixtures.ts';
import { CREATE_OWNER, freePort, startParley, type RunningServer } from '../support/parley-server.ts';

// Wallet sign-in (Sign-In with Ethereum) through the login page's "Connect Wallet" button. The
// browser gets an EIP-1193 wallet on window.ethereum whose signatures are made in Node by viem
// with a test key, as a wallet extension would make them.
let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const port = await freePort();
  server = await startParley({
    port,
    admin: [CREATE_OWNER],
    env: {
      // The signed message names the page's host: the server must know it is this one.
      DOMAIN_SERVER: `http://127.0.0.1:${port}`,
      ALLOW_WALLET_LOGIN: 'true',
      ALLOW_SOCIAL_REGISTRATION: 'true',
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
});

type WalletBehaviour = 'sign' | 'no-address' | 'reject';

/**
 * Installs the test wallet: `eth_requestAccounts` answers the account (or nothing, or a user
 * rejection), `personal_sign` is signed by `signer` (the account itself unless a test says
 * otherwise) once `gate` lets it, so a test can look at the page while the wallet "waits".
 */
async function installWallet(
  context: BrowserContext,
  account: PrivateKeyAccount,
  opts: { behaviour?: WalletBehaviour; signer?: PrivateKeyAccount; gate?: Promise<void> } = {},
) {
  const signer = opts.signer ?? account;
  await context.exposeFunction('__testWalletSign', async (hexMessage: `0x${string}`) => {
    await opts.gate;
    return signer.signMessage({ message: { raw: hexMessage } });
  });
  await context.addInitScript(
    ({ address, behaviour }) => {
      const sign = (window as unknown as { __testWalletSign(hex: string): Promise<string> }).__testWalletSign;
      (window as unknown as { ethereum: unknown }).ethereum = {
        async request({ method, params }: { method: string; params?: unknown[] }) {
          if (method === 'eth_requestAccounts') {
            if (behaviour === 'reject') throw { code: 4001, message: 'User rejected the request.' };
            return behaviour === 'no-address' ? [] : [address.toLowerCase()];
          }
          if (method === 'personal_sign') return sign(String(params?.[0]));
          throw { code: 4200, message: `Unsupported method ${method}` };
        },
      };
    },
    { address: account.address, behaviour: opts.behaviour ?? 'sign' },
  );
}

async function openLogin(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
  return page;
}

test('Connect Wallet signs in with the wallet’s signature and lands on /c/new', async ({ browser }) => {
  const account = privateKeyToAccount(generatePrivateKey());
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  let release!: () => void;
  await installWallet(context, account, { gate: new Promise<void>((r) => (release = r)) });
  const page = await openLogin(context);
  const wallet = page.getByTestId('wallet-sign-in');
  await expect(wallet).toHaveAttribute('data-state', 'idle');
  await page.screenshot({ path: test.info().outputPath('login-wallet-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('login-wallet-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  // Connected: the wallet gave its address and is now asked to sign.
  await expect(wallet).toHaveAttribute('data-state', 'connected');
  await expect(wallet).toContainText('Connect Success');
  const short = `${account.address.slice(0, 6)}…${account.address.slice(-4)}`;
  await expect(page.getByTestId('wallet-address')).toHaveText(short);
  await page.screenshot({ path: test.info().outputPath('login-wallet-connected.png'), fullPage: true });
  release();

  await page.waitForURL(`${server.url}/c/new`);
  await expect(page.getByTestId('account-menu')).toContainText(short);
  // The refresh cookie keeps the session across a reload.
  await page.reload();
  await expect(page.getByTestId('account-menu')).toContainText(short);
  await context.close();
});

test('without a wallet extension the page asks for one', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await openLogin(context);
  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Please install a Web3 wallet extension.');
  await expect(page.getByTestId('wallet-sign-in')).toHaveAttribute('data-state', 'error');
  await page.screenshot({ path: test.info().outputPath('login-wallet-no-extension.png'), fullPage: true });
  await context.close();
});

test('a wallet that gives no address, or refuses, shows why', async ({ browser }) => {
  for (const [behaviour, text] of [
    ['no-address', 'Wallet address not found.'],
    ['reject', 'User rejected the request.'],
  ] as const) {
    const context = await browser.newContext({ baseURL: server.url });
    await installWallet(context, privateKeyToAccount(generatePrivateKey()), { behaviour });
    const page = await openLogin(context);
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await expect(page.getByTestId('login-error')).toHaveText(text);
    // The button is back for another try.
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeEnabled();
    await context.close();
  }
});

test('a signature by another key is refused and nobody is signed in', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const account = privateKeyToAccount(generatePrivateKey());
  await installWallet(context, account, { signer: privateKeyToAccount(generatePrivateKey()) });
  const page = await openLogin(context);
  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  await expect(page.getByTestId('login-error')).toHaveText(
    "The wallet's signature could not be verified. Please try again.",
  );
  await expect(page).toHaveURL(/\/login$/);
  await context.close();
});
