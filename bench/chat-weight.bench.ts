// Weight of /c/new when signed in: the gzip size of every JS and CSS response until the network
// has been idle for 1 s (no conversation opened). Budget: 300 kB.
import { gzipSync } from 'node:zlib';
import { signedInContext, startBenchEnv } from './chat-support.ts';

const BUDGET_KB = 300;

const env = await startBenchEnv();
try {
  const { context } = await signedInContext(env);
  const page = await context.newPage();
  const sizes = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    const url = response.url();
    const type = response.headers()['content-type'] ?? '';
    if (!/javascript|css/.test(type) && !/\.(m?js|css)(\?|$)/.test(url)) return;
    sizes.set(
      url,
      response
        .body()
        .then((b) => gzipSync(b, { level: 9 }).length)
        .catch(() => 0),
    );
  });
  await page.goto('/c/new', { waitUntil: 'networkidle' });
  await page.getByTestId('chat-input').waitFor();
  let before = -1;
  while (before !== sizes.size) {
    before = sizes.size;
    await page.waitForTimeout(1000);
  }
  const files = await Promise.all(
    [...sizes].map(async ([url, size]) => ({ file: new URL(url).pathname, bytes: await size })),
  );
  const kB = Math.round((files.reduce((s, f) => s + f.bytes, 0) / 1024) * 10) / 10;
  if (process.env.VERBOSE)
    for (const f of files.sort((a, b) => b.bytes - a.bytes)) console.error(`${f.bytes}\t${f.file}`);
  console.log(
    JSON.stringify({ bench: 'chat-weight', page: '/c/new', kB, files: files.length, budgetKB: BUDGET_KB }),
  );
  if (kB > BUDGET_KB) process.exitCode = 1;
} finally {
  await env.close();
}
