// Shared by the chat benchmarks: a real server (optionally with a simulator endpoint), Debian's
// Chromium, a signed-in browser context and a seeded conversation.
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { startSimulator, type SimServer } from '@parley/llm-sim';
import { startParley, type RunningServer } from '../tests/e2e/support/parley-server.ts';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface BenchEnv {
  server: RunningServer;
  browser: Browser;
  sim: SimServer | null;
  close(): Promise<void>;
}

/**
 * `simTokensPerSecond`: adds a custom endpoint "Sim" backed by a simulator at that pace, offering
 * `models` (echo and showcase unless named); `speech` also makes the simulator the server's
 * text-to-speech engine.
 */
export async function startBenchEnv(
  opts: { simTokensPerSecond?: number; models?: string[]; speech?: boolean } = {},
): Promise<BenchEnv> {
  let sim: SimServer | null = null;
  let yaml: string | undefined;
  if (opts.simTokensPerSecond) {
    sim = await startSimulator({
      port: 0,
      host: '127.0.0.1',
      defaults: { tokensPerSecond: opts.simTokensPerSecond, firstTokenDelayMs: 0 },
    });
    yaml = `version: 1.2.8
endpoints:
  custom:
    - name: Sim
      apiKey: sim
      baseURL: ${sim.url}/v1
      models:
        default: [${(opts.models ?? ['echo', 'showcase']).join(', ')}]
        fetch: false
`;
    if (opts.speech) {
      yaml += `speech:
  tts:
    openai: { url: ${sim.url}/v1, apiKey: sim, model: tts-1, voices: [alloy] }
`;
    }
  }
  const server = await startParley({ yaml });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  return {
    server,
    browser,
    sim,
    async close() {
      await browser.close();
      await server.stop();
      await sim?.close();
    },
  };
}

export interface BenchUser {
  email: string;
  password: string;
  token: string;
}

/** Registers a user and signs in through the API (the refresh cookie lands in the context). */
export async function signedInContext(
  env: BenchEnv,
  settings: Record<string, unknown> = {},
): Promise<{ context: BrowserContext; user: BenchUser }> {
  const id = `bench${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const user = { email: `${id}@example.com`, password: 'correct horse battery', token: '' };
  const reg = await fetch(`${env.server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench User',
      username: id,
      email: user.email,
      password: user.password,
      confirm_password: user.password,
    }),
  });
  if (!reg.ok) throw new Error(`register failed: ${reg.status}`);
  const context = await env.browser.newContext({
    baseURL: env.server.url,
    viewport: { width: 1280, height: 900 },
  });
  const login = await context.request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
  user.token = ((await login.json()) as { token: string }).token;
  const entries = Object.entries(settings);
  await context.addInitScript((pairs: [string, unknown][]) => {
    for (const [k, v] of pairs) localStorage.setItem(k, JSON.stringify(v));
  }, entries);
  return { context, user };
}

/** Imports a linear conversation of `count` messages (LibreChat export format); answers its id. */
export async function seedConversation(
  env: BenchEnv,
  user: BenchUser,
  count: number,
  endpoint: string,
  model: string,
): Promise<string> {
  const conversationId = crypto.randomUUID();
  const messages = [];
  let parent = '00000000-0000-0000-0000-000000000000';
  for (let i = 1; i <= count; i += 1) {
    const user_ = i % 2 === 1;
    const messageId = crypto.randomUUID();
    messages.push({
      messageId,
      parentMessageId: parent,
      conversationId,
      sender: user_ ? 'User' : 'Assistant',
      isCreatedByUser: user_,
      text: user_ ? `MSG-${i} question about item ${i}?` : answerText(i),
      createdAt: new Date(Date.now() - (count - i) * 1000).toISOString(),
    });
    parent = messageId;
  }
  const body = {
    conversationId,
    title: `Long conversation (${count})`,
    endpoint,
    branches: false,
    recursive: false,
    options: { endpoint, model },
    messages,
  };
  const form = new FormData();
  form.append('file', new Blob([JSON.stringify(body)], { type: 'application/json' }), 'long.json');
  const res = await fetch(`${env.server.url}/api/convos/import`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${user.token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`import failed: ${res.status} ${await res.text()}`);
  const list = (await (
    await fetch(`${env.server.url}/api/convos`, { headers: { Authorization: `Bearer ${user.token}` } })
  ).json()) as { conversations: { conversationId: string; title: string }[] };
  const found = list.conversations.find((c) => c.title === body.title);
  if (!found) throw new Error('imported conversation not listed');
  return found.conversationId;
}

function answerText(i: number): string {
  return [
    `MSG-${i} **Answer ${i}.** Here is a short explanation with a list:`,
    '',
    `- first point about ${i}`,
    `- second point with \`inline code\``,
    '',
    i % 10 === 0
      ? '```ts\nconst value = ' + i + ';\nconsole.log(value * 2);\n```'
      : `And a closing sentence for answer ${i}.`,
  ].join('\n');
}

export interface FrameStats {
  longTasks: number;
  maxLongTaskMs: number;
  /** When each long task started (ms after start) and how long it took. */
  longTasksAt: string[];
  frames: number;
  p95FrameMs: number;
  maxFrameMs: number;
}

// Page scripts are strings: tsx would wrap named inner functions in a helper the page lacks.

/** Long tasks (PerformanceObserver `longtask`) and rAF frame intervals between start and stop. */
export async function installFrameProbe(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.__probe = { longTasks: [], frames: [], running: false };
    new PerformanceObserver((list) => {
      if (!window.__probe.running) return;
      // Entries arrive after the fact: a task that began before the probe started (e.g. filling
      // the input before pressing Enter) belongs to the step before the measured window.
      for (const e of list.getEntries()) {
        if (e.startTime < window.__probe.startedAt) continue;
        window.__probe.longTasks.push([e.duration, e.startTime - window.__probe.startedAt]);
      }
    }).observe({ type: 'longtask', buffered: false });
  })()`);
}

export async function startProbe(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const probe = window.__probe;
    probe.longTasks = [];
    probe.frames = [];
    probe.running = true;
    probe.startedAt = performance.now();
    let last = probe.startedAt;
    const tick = (now) => {
      if (!probe.running) return;
      probe.frames.push(now - last);
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
}

export async function stopProbe(page: Page): Promise<FrameStats> {
  return (await page.evaluate(`(() => {
    const probe = window.__probe;
    probe.running = false;
    const frames = probe.frames.slice(1).sort((a, b) => a - b);
    const p95 = frames[Math.min(frames.length - 1, Math.floor(frames.length * 0.95))] || 0;
    const round = (n) => Math.round(n * 10) / 10;
    return {
      longTasks: probe.longTasks.length,
      maxLongTaskMs: round(Math.max(0, ...probe.longTasks.map((t) => t[0]))),
      longTasksAt: probe.longTasks.map((t) => Math.round(t[1]) + 'ms:' + Math.round(t[0])),
      frames: frames.length,
      p95FrameMs: round(p95),
      maxFrameMs: round(frames[frames.length - 1] || 0),
    };
  })()`)) as FrameStats;
}
