// The user guide's pictures (docs/guide/img/*.png): `node --import tsx
// tests/e2e/support/guide-screenshots.ts` starts `npm run demo` (from source, on a free port and a
// throwaway data directory; the web app must be built: `npm run build -w @parley/web`), makes each
// feature's conversation through the API as the demo login, and photographs the page at 1280×800.
// The pictures are PNGs of a few dozen kB; the guide's test checks that every page has its own.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import { freePort } from './parley-server.ts';
import { openSettings } from './settings-dialog.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;
const OUT = join(ROOT, 'docs/guide/img');
const LOGIN = { email: 'demo@example.com', password: 'parley-demo' };
const ENDPOINT = 'Simulator';
const NO_PARENT = '00000000-0000-0000-0000-000000000000';

/** A non-loopback IPv4 address of this machine, to show Parley opened from the network. */
const lanAddress = () =>
  Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

async function startDemo(port: number, dataDir: string) {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/demo.mjs'), '--from-source'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '0.0.0.0', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Parley demo is ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the demo stopped (${code})`)));
  });
  return child;
}

/** The API as the demo login: one message in a new (or the given) conversation; resolves with the final event. */
function apiAs(base: string, token: string) {
  return async (body: Record<string, unknown>) => {
    const res = await fetch(`${base}/api/agents/chat/${ENDPOINT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ parentMessageId: NO_PARENT, conversationId: null, endpoint: ENDPOINT, ...body }),
    });
    const text = await res.text();
    const final = text
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => JSON.parse(l.slice(6)))
      .find((d) => d.final);
    if (!final) throw new Error(`no answer: ${text.slice(0, 500)}`);
    return final as { conversation: { conversationId: string }; responseMessage: { messageId: string } };
  };
}

/** A 1280×800 picture, stored as a palette PNG: a screen of flat colours stays a few dozen kB. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(600);
  const png = await page.screenshot();
  await sharp(png)
    .png({ palette: true, quality: 90, effort: 10 })
    .toFile(join(OUT, `${name}.png`));
  console.log(`docs/guide/img/${name}.png`);
}

async function openConversation(page: Page, conversationId: string) {
  await page.goto(`/c/${conversationId}`);
  await page.getByTestId('chat-input').waitFor();
  await page.waitForLoadState('networkidle');
}

async function main() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-guide-shots-'));
  const demo = await startDemo(port, dataDir);
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const login = await (
      await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(LOGIN),
      })
    ).json();
    const ask = apiAs(base, login.token as string);
    const auth = { authorization: `Bearer ${login.token}` };
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.request.post(`${base}/api/auth/login`, { data: LOGIN });

    const only = process.argv.slice(2);
    const want = (name: string) => only.length === 0 || only.includes(name);

    if (want('chat')) {
      const chat = await ask({ model: 'showcase', text: 'Show me what you can format' });
      await openConversation(page, chat.conversation.conversationId);
      await shot(page, 'chat');
    }
    if (want('web-search')) {
      const web = await ask({
        model: 'web-search',
        text: 'Do sea otters use tools?',
        ephemeralAgent: { web_search: true },
      });
      await openConversation(page, web.conversation.conversationId);
      await shot(page, 'web-search');
    }
    if (want('mcp')) {
      // The MCP server connects at start; its tools are listed once it answered.
      for (let i = 0; i < 60; i++) {
        const tools = (await (await fetch(`${base}/api/agents/tools`, { headers: auth })).json()) as {
          pluginKey: string;
        }[];
        if (tools.some((t) => t.pluginKey === 'roll_dice_mcp_demo-tools')) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      const mcp = await ask({
        model: 'tools-named',
        text: 'roll_dice_mcp_demo-tools {"count": 3, "sides": 6}',
        ephemeralAgent: { mcp: ['demo-tools'] },
      });
      await openConversation(page, mcp.conversation.conversationId);
      await page.getByText('Ran roll_dice_mcp_demo-tools').click();
      await shot(page, 'mcp');
    }
    if (want('code-execution')) {
      const code = await ask({
        model: 'tools-named',
        text: 'execute_code {"lang": "js", "code": "const primes = [2, 3, 5, 7, 11];\\nconsole.log(primes.reduce((a, b) => a + b, 0));"}',
        ephemeralAgent: { execute_code: true },
      });
      await openConversation(page, code.conversation.conversationId);
      await page.getByText('Ran execute_code').click();
      await shot(page, 'code-execution');
    }
    if (want('artifacts')) {
      const art = await ask({ model: 'artifact', text: 'A click counter', artifacts: 'default' });
      await openConversation(page, art.conversation.conversationId);
      await page.getByText('Click to open').click();
      await page.waitForTimeout(1500);
      await shot(page, 'artifacts');
    }
    if (want('image-generation')) {
      const img = await ask({
        model: 'tools-named',
        text: 'image_gen_oai {"prompt": "a lighthouse at dusk", "size": "1024x1024", "quality": "low"}',
        ephemeralAgent: { image_gen_oai: true },
      });
      await openConversation(page, img.conversation.conversationId);
      await shot(page, 'image-generation');
    }
    if (want('memories')) {
      const mem = await ask({ model: 'echo', text: 'Please remember my favourite_colour is green.' });
      await page.waitForTimeout(1500);
      await openConversation(page, mem.conversation.conversationId);
      await page.getByText('Memory updated').click();
      await shot(page, 'memories');
    }
    if (want('files')) {
      const first = await ask({ model: 'echo', text: 'Here is the keeper’s log.' });
      const conversationId = first.conversation.conversationId;
      const form = new FormData();
      form.append('endpoint', ENDPOINT);
      form.append('file_id', crypto.randomUUID());
      form.append('conversationId', conversationId);
      form.append('tool_resource', 'file_search');
      const log =
        'Keeper’s log.\n\nThe supply boat comes on Tuesdays with paint, rope and diesel.\n\n' +
        'The harbour foghorn sounds twice a minute whenever visibility drops below a mile.\n\n' +
        'The lamp is cleaned every morning and lit half an hour before sunset.';
      form.append('file', new Blob([log], { type: 'text/markdown' }), 'keeper-log.md');
      const up = await fetch(`${base}/api/files`, { method: 'POST', headers: auth, body: form });
      if (!up.ok) throw new Error(`upload: ${up.status} ${await up.text()}`);
      await ask({
        model: 'file-search',
        text: 'When does the foghorn sound?',
        conversationId,
        parentMessageId: first.responseMessage.messageId,
        ephemeralAgent: { file_search: true },
      });
      await openConversation(page, conversationId);
      await shot(page, 'files');
    }
    if (want('sharing')) {
      const chat = await ask({ model: 'showcase', text: 'Formatting for the team' });
      const share = await (
        await fetch(`${base}/api/share/${chat.conversation.conversationId}`, {
          method: 'POST',
          headers: auth,
        })
      ).json();
      await page.goto(`/share/${share.shareId}`);
      await page.waitForLoadState('networkidle');
      await shot(page, 'sharing');
    }
    for (const [name, tab] of [
      ['speech', 'Speech'],
      ['account-security', 'Account'],
      ['api-keys', 'API keys'],
      ['balance', 'Balance'],
    ] as const) {
      if (!want(name)) continue;
      await page.goto('/c/new');
      const dialog = await openSettings(page);
      const found = dialog.getByRole('tab', { name: tab, exact: true });
      if ((await found.count()) === 0) {
        console.log(`(no ${tab} tab: ${name} skipped)`);
        await page.keyboard.press('Escape');
        continue;
      }
      await found.click();
      if (name === 'account-security') {
        await dialog.getByText('Two-factor authentication').first().scrollIntoViewIfNeeded();
      }
      await shot(page, name);
      await page.keyboard.press('Escape');
    }
    if (want('agents')) {
      await page.goto('/c/new');
      await page.getByTestId('side-panel-rail').getByTestId('open-agents-panel').click();
      const builder = page.getByTestId('agent-builder');
      await builder.waitFor();
      await builder.getByTestId('agent-name').fill('Trip planner');
      await builder.getByTestId('agent-description').fill('Plans short trips');
      await builder.getByTestId('agent-instructions').fill('You plan trips. Answer in one line.');
      await shot(page, 'agents');
    }
    if (want('network')) {
      const lan = lanAddress();
      if (lan) {
        const remote = await browser.newContext({
          baseURL: `http://${lan}:${port}`,
          viewport: { width: 1280, height: 800 },
        });
        const far = await remote.newPage();
        await far.goto('/login');
        await far.waitForLoadState('networkidle');
        await shot(far, 'network');
        await remote.close();
      }
    }
  } finally {
    await browser.close();
    demo.kill('SIGTERM');
    await new Promise((r) => demo.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
