// Scrolling the sidebar of a user with 10,000 conversations (the cached benchmark database of
// bench/conversations-*.bench.ts) in Chromium, from the top until every page is loaded, by mouse
// wheel as a person would. Long tasks (over 50 ms) are counted with a PerformanceObserver.
// Target: none. Needs the built web app (`npm run build -w @parley/web`).
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, installFrameProbe, startProbe, stopProbe } from './chat-support.ts';
import { BENCH_USER } from './conversations-data.ts';
import { round, startBenchServer } from './conversations-server.ts';

const TARGET_MAX_TASK_MS = 50;
const TOTAL = 10_000;
const WHEEL_PX = 500;
const STEP_MS = 40;
const TIME_CAP_MS = 300_000;

const server = await startBenchServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  // Conversations loaded: counted from the list pages the app fetches.
  let loaded = 0;
  page.on('response', (res) => {
    if (!/\/api\/convos\?/.test(res.url()) || !res.ok()) return;
    void res
      .json()
      .then((body: { conversations?: unknown[] }) => (loaded += body.conversations?.length ?? 0))
      .catch(() => undefined);
  });
  await page.goto('/login');
  await page.getByLabel('Email address').fill(BENCH_USER.email);
  await page.getByLabel('Password').fill(BENCH_USER.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/c/new');
  const list = page.getByTestId('conversation-list');
  await page.getByTestId('conversation-row').first().waitFor();
  await page.waitForTimeout(1000);
  // Only the scrolling is measured, not the page load.
  await installFrameProbe(page);
  await startProbe(page);

  const box = (await list.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const started = Date.now();
  let wheels = 0;
  while (Date.now() - started < TIME_CAP_MS) {
    await page.mouse.wheel(0, WHEEL_PX);
    wheels += 1;
    await page.waitForTimeout(STEP_MS);
    if (wheels % 25 !== 0) continue;
    const atEnd = await list.evaluate((el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 2);
    if (atEnd && loaded >= TOTAL) break;
  }
  const seconds = (Date.now() - started) / 1000;
  const stats = await stopProbe(page);
  console.log(
    JSON.stringify({
      bench: 'sidebar-scroll',
      conversations: TOTAL,
      conversationsLoaded: loaded,
      wheelSteps: wheels,
      seconds: round(seconds),
      longTasks: stats.longTasks,
      maxLongTaskMs: stats.maxLongTaskMs,
      longTasksAt: stats.longTasksAt.slice(0, 10),
      p95FrameMs: stats.p95FrameMs,
      maxFrameMs: stats.maxFrameMs,
      targetMaxTaskMs: TARGET_MAX_TASK_MS,
      pass: stats.longTasks === 0 && loaded >= TOTAL,
    }),
  );
  if (stats.longTasks > 0) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
