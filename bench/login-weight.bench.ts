// Weight of the first page: opens /login in Chromium against the real server and sums the gzip
// size of every JS and CSS response until the network has been idle for 1 s. Budget: 150 kB.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startParley } from '../tests/e2e/support/parley-server.ts';

const BUDGET_KB = 150;

const server = await startParley();
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
  const sizes = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    const url = response.url();
    const type = response.headers()['content-type'] ?? '';
    if (!/javascript|css/.test(type) && !/\.(m?js|css)(\?|$)/.test(url)) return;
    sizes.set(
      url,
      response
        .body()
        .then((body) => gzipSync(body, { level: 9 }).length)
        .catch(() => 0),
    );
  });
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Continue' }).waitFor();
  // "Until 1 s of network idle": wait, then make sure nothing new started meanwhile.
  let before = -1;
  while (before !== sizes.size) {
    before = sizes.size;
    await page.waitForTimeout(1000);
  }
  const files = await Promise.all(
    [...sizes].map(async ([url, size]) => ({ file: new URL(url).pathname, bytes: await size })),
  );
  const bytes = files.reduce((sum, f) => sum + f.bytes, 0);
  const kB = Math.round((bytes / 1024) * 10) / 10;
  if (process.env.VERBOSE) {
    for (const f of files.sort((a, b) => b.bytes - a.bytes)) console.error(`${f.bytes}\t${f.file}`);
  }
  console.log(JSON.stringify({ bench: 'login-weight', kB, files: files.length, budgetKB: BUDGET_KB }));
  if (kB > BUDGET_KB) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
