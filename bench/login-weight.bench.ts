// Weight of the first page: opens /login in Chromium against the real server and sums the gzip
// size of every JS and CSS response until the network has been idle for 1 s. Budget: 120 kB.
// Wallet sign-in is on, so the page is measured with its "Connect Wallet" button: viem (the
// message signing) must load only when the button is pressed, never with the page.
import { chromium } from '@playwright/test';
import { startParley } from '../tests/e2e/support/parley-server.ts';
import { recordScriptAndStyleWeight } from './support/page-weight.ts';

const BUDGET_KB = 120;

const server = await startParley({ env: { ALLOW_WALLET_LOGIN: 'true' } });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const page = await browser.newPage();
  const weight = recordScriptAndStyleWeight(page);
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Continue' }).waitFor();
  await page.getByRole('button', { name: 'Connect Wallet' }).waitFor();
  // "Until 1 s of network idle": settle() waits until nothing new starts for a second.
  const { kB, files } = await weight.settle();
  const walletCode = files.filter((f) => /siwe-message/.test(f.file)).map((f) => f.file);
  console.log(
    JSON.stringify({ bench: 'login-weight', kB, files: files.length, budgetKB: BUDGET_KB, walletCode }),
  );
  if (kB > BUDGET_KB || walletCode.length > 0) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
