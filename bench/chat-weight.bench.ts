// Weight of /c/new when signed in: the gzip size of every JS and CSS response until the network
// has been idle for 1 s (no conversation opened). Budget: 260 kB.
import { signedInContext, startBenchEnv } from './chat-support.ts';
import { recordScriptAndStyleWeight } from './support/page-weight.ts';

const BUDGET_KB = 260;

const env = await startBenchEnv();
try {
  const { context } = await signedInContext(env);
  const page = await context.newPage();
  const weight = recordScriptAndStyleWeight(page);
  await page.goto('/c/new', { waitUntil: 'networkidle' });
  await page.getByTestId('chat-input').waitFor();
  const { kB, files } = await weight.settle();
  console.log(
    JSON.stringify({ bench: 'chat-weight', page: '/c/new', kB, files: files.length, budgetKB: BUDGET_KB }),
  );
  if (kB > BUDGET_KB) process.exitCode = 1;
} finally {
  await env.close();
}
