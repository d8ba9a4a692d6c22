// The user guide cannot rot: every page of docs/guide/ is started with its own example
// configuration (its ```yaml parley-example and ```sh parley-env blocks, as a reader copies them)
// on top of the chat page's provider, with every service the example names pointed at the built-in
// simulator, and the page's feature is then used as a person would use it: a cited web answer, an
// MCP tool call, a code run, a spoken reply, a saved memory, a shared link… A page without an
// exercise here fails, so a new page comes with its test.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SIM_TRANSCRIPT, startSimulator, type SimServer } from '@parley/llm-sim';
import { NO_PARENT, type ContentPart, type StartupConfig } from '@parley/schema';
import { sql } from 'drizzle-orm';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../chat/chat-fixture.ts';
import { finalOf, openStream, type SseEvent } from '../chat/sse-client.ts';
import { runFileSearch, uploadFile } from '../files/file-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { GUIDE_DIR, guidePageFiles, mergedYaml, pointedAtSimulator, readGuidePage } from './guide-pages.ts';

/** The provider every page builds on: the chat page's Ollama endpoint (its models fetched from the simulator). */
const BASE_PAGE = 'chat-and-providers.md';
const ENDPOINT = 'Ollama';

interface Running {
  server: TestServer;
  sim: SimServer;
  user: TestUser;
  /** The page's parley.yaml as started (after pointing it at the simulator). */
  yaml: Record<string, unknown>;
  /** Sends one message in a new conversation to a model of the example's endpoint; resolves with every event. */
  ask(json: Record<string, unknown>): Promise<SseEvent[]>;
}

const contentOf = (events: SseEvent[]) => (finalOf(events)?.responseMessage.content ?? []) as ContentPart[];
const answerText = (events: SseEvent[]) =>
  contentOf(events)
    .filter((p) => p.type === 'text')
    .map((p) => String(p.text))
    .join('');
const toolCallOf = (events: SseEvent[]) =>
  contentOf(events).find((p) => p.type === 'tool_call')?.tool_call as
    { name: string; output: string; progress: number } | undefined;
/** A successful answer's JSON (the status and body in the message otherwise). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
const json = async <T = any>(res: Response): Promise<T> => {
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as T;
};

/**
 * What the simulator cannot take as written: its models are scripted ones, so a page that names a
 * model for a background job (the memory model) gets the simulator's model for that job.
 */
const SIMULATOR_MODELS: Record<string, Record<string, string>> = {
  'memories.md': { 'model: llama3.2': 'model: memory' },
};

/** Pages whose feature works with the chat page's provider alone (they say so). */
const NOTHING_TO_CONFIGURE = new Set(['api-keys.md']);

/** Each page's feature, used once against its started example. */
const EXERCISES: Record<string, (r: Running) => Promise<void>> = {
  'chat-and-providers.md': async (r) => {
    const models = await json<Record<string, string[]>>(
      await r.server.api('/api/models', { token: r.user.token }),
    );
    // fetch: true read the server's own model list.
    expect(models[ENDPOINT]).toEqual(expect.arrayContaining(['echo', 'web-search', 'tools-named']));
    expect(answerText(await r.ask({ model: 'echo', text: 'Hello from the guide' }))).toBe(
      'Hello from the guide',
    );
  },

  'agents.md': async (r) => {
    const endpoints = await json(await r.server.api('/api/endpoints', { token: r.user.token }));
    expect(endpoints.agents.capabilities).toEqual([
      'execute_code',
      'file_search',
      'web_search',
      'artifacts',
      'tools',
      'chain',
    ]);
    const refused = await r.server.api('/api/agents', {
      method: 'POST',
      token: r.user.token,
      json: { name: 'Elsewhere', provider: 'openAI', model: 'gpt-4o' },
    });
    expect(refused.status).toBe(400);
    const agent = await json<{ id: string }>(
      await r.server.api('/api/agents', {
        method: 'POST',
        token: r.user.token,
        json: { name: 'Parrot', provider: ENDPOINT, model: 'echo', instructions: 'Repeat.' },
      }),
    );
    const events = await (
      await openStream(r.server, '/api/agents/chat/agents', {
        token: r.user.token,
        json: {
          text: 'Polly wants a cracker',
          parentMessageId: NO_PARENT,
          conversationId: null,
          endpoint: 'agents',
          agent_id: agent.id,
        },
      })
    ).rest();
    expect(answerText(events)).toBe('Polly wants a cracker');
  },

  'web-search.md': async (r) => {
    const config = await json<StartupConfig>(await r.server.api('/api/config'));
    expect(config.interface.webSearch).toBe(true);
    const events = await r.ask({
      model: 'web-search',
      text: 'Do sea otters use tools?',
      ephemeralAgent: { web_search: true },
    });
    const output = JSON.parse(toolCallOf(events)!.output) as { sources: { title: string }[] };
    expect(output.sources.length).toBeGreaterThan(0);
    expect(answerText(events)).toContain(`${output.sources[0]!.title} [1]`);
  },

  'mcp.md': async (r) => {
    // Parley connects the server at start (`startup` defaults to true); its tools are listed once it answered.
    await waitFor(async () => {
      const res = await r.server.api('/api/agents/tools', { token: r.user.token });
      const tools = (await res.json()) as { pluginKey: string }[];
      return tools.some((t) => t.pluginKey === 'roll_dice_mcp_demo-tools') || undefined;
    }, 30_000);
    const events = await r.ask({
      model: 'tools-named',
      text: 'roll_dice_mcp_demo-tools {"count": 3, "sides": 6}',
      ephemeralAgent: { mcp: ['demo-tools'] },
    });
    const call = toolCallOf(events)!;
    expect(call, JSON.stringify(events.slice(-3))).toMatchObject({
      name: 'roll_dice_mcp_demo-tools',
      progress: 1,
    });
    expect(call.output).toMatch(/^[1-6] \+ [1-6] \+ [1-6] = \d+$/);
  },

  'code-execution.md': async (r) => {
    expect(r.server.ctx.config.env.CODE_RUN_TIMEOUT_MS).toBe(30_000);
    const events = await r.ask({
      model: 'tools-named',
      text: 'execute_code {"lang": "js", "code": "console.log(6 * 7)"}',
      ephemeralAgent: { execute_code: true },
    });
    expect(toolCallOf(events)).toMatchObject({ name: 'execute_code' });
    expect(toolCallOf(events)!.output).toContain('42');
  },

  'artifacts.md': async (r) => {
    const config = await json<StartupConfig>(await r.server.api('/api/config'));
    expect(config.interface.artifacts).toBe(true);
    // Artifacts on: the model is taught the format, offline (no network in previews).
    const taught = answerText(await r.ask({ model: 'echo-system', text: 'hi', artifacts: 'default' }));
    expect(taught).toContain(':::artifact{identifier=');
    expect(taught).toContain('The preview has no network');
    expect(answerText(await r.ask({ model: 'artifact', text: 'Counter', artifacts: 'default' }))).toMatch(
      /:::artifact\{identifier="click-counter" type="text\/html"/,
    );
  },

  'image-generation.md': async (r) => {
    const events = await r.ask({
      model: 'tools-named',
      text: 'image_gen_oai {"prompt": "a lighthouse at dusk"}',
      ephemeralAgent: { image_gen_oai: true },
    });
    expect(toolCallOf(events)).toMatchObject({ name: 'image_gen_oai', progress: 1 });
    const images = contentOf(events).filter((p) => p.type === 'image_file');
    expect(images).toHaveLength(1);
  },

  'speech.md': async (r) => {
    const spoken = await r.server.api('/api/files/speech/tts/manual', {
      method: 'POST',
      token: r.user.token,
      json: { input: 'Hello, this is Parley speaking.', voice: 'nova' },
    });
    expect(spoken.status).toBe(200);
    expect(spoken.headers.get('content-type')).toBe('audio/mpeg');
    expect((await spoken.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const form = new FormData();
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(500, 1)]);
    form.append('audio', new Blob([webm], { type: 'audio/webm' }), 'audio.webm');
    const heard = await r.server.api('/api/files/speech/stt', {
      method: 'POST',
      token: r.user.token,
      body: form,
    });
    expect(await json(heard)).toEqual({ text: SIM_TRANSCRIPT });
  },

  'memories.md': async (r) => {
    await r.ask({ model: 'echo', text: 'Please remember my favourite_colour is green' });
    const saved = await waitFor(async () => {
      const { memories } = await json<{ memories: { key: string; value: string }[] }>(
        await r.server.api('/api/memories', { token: r.user.token }),
      );
      return memories.find((m) => m.key === 'favourite_colour');
    });
    expect(saved.value).toBe('green');
  },

  'files.md': async (r) => {
    expect(r.server.ctx.fileEmbeddings).toBeDefined();
    const text = [
      'Paragraph one. The supply boat comes on Tuesdays with paint and rope.',
      'Paragraph two. The harbour foghorn sounds twice a minute whenever visibility drops below a mile.',
    ].join('\n\n');
    const upload = await uploadFile(r.server, r.user, text, 'keeper-log.md', {
      type: 'text/markdown',
      fields: { conversationId: 'guide-files' },
    });
    const file = await json<{ file_id: string }>(upload);
    const found = await runFileSearch(r.server, r.user.id, 'guide-files', 'foghorn visibility');
    expect(found.results[0]).toMatchObject({ filename: 'keeper-log.md' });
    expect(found.results[0]!.content).toContain('foghorn');
    const vectors = await r.server.ctx.db.execute(
      sql`select count(*)::int as n from file_chunks where file_id = ${file.file_id} and embedding is not null`,
    );
    expect((vectors as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
    // OCR configured: agents may read pictures.
    const endpoints = await json(await r.server.api('/api/endpoints', { token: r.user.token }));
    expect(endpoints.agents.capabilities).toContain('ocr');
  },

  'sharing.md': async (r) => {
    const events = await r.ask({ model: 'echo', text: 'Worth sharing' });
    const { conversationId } = finalOf(events)!.conversation as { conversationId: string };
    const link = await json<{ shareId: string }>(
      await r.server.api(`/api/share/${conversationId}`, { method: 'POST', token: r.user.token }),
    );
    // Public links: no sign-in needed to read it.
    const shared = await json(await r.server.api(`/api/share/${link.shareId}`));
    expect(JSON.stringify(shared.messages)).toContain('Worth sharing');
  },

  'account-security.md': async (r) => {
    const options = await json<{ rp: { id: string } }>(
      await r.server.api('/api/auth/passkeys/registration/options', {
        method: 'POST',
        token: r.user.token,
        json: {},
      }),
    );
    expect(options.rp.id).toBe('chat.example.com');
    const twoFactor = await r.server.api('/api/auth/2fa/enable', { token: r.user.token });
    expect(twoFactor.status).toBe(200);
  },

  'balance.md': async (r) => {
    const balance = await json(await r.server.api('/api/balance', { token: r.user.token }));
    expect(balance).toMatchObject({ tokenCredits: 20_000, autoRefillEnabled: true, refillAmount: 10_000 });
  },

  'api-keys.md': async (r) => {
    const { key } = await json<{ key: string }>(
      await r.server.api('/api/api-keys', { method: 'POST', token: r.user.token, json: { name: 'guide' } }),
    );
    expect(key).toMatch(/^pk-parley-/);
    const completion = await json(
      await r.server.api('/v1/chat/completions', {
        method: 'POST',
        token: key,
        json: { model: `${ENDPOINT}/echo`, messages: [{ role: 'user', content: 'Hello' }] },
      }),
    );
    expect(completion.choices[0].message.content).toBe('Hello');
  },

  'network.md': async (r) => {
    // The test listens on a loopback port of its own; the page's HOST and PORT are checked as parsed.
    expect(r.server.ctx.config.env).toMatchObject({ HOST: '0.0.0.0', PORT: 3080 });
    expect((await json<StartupConfig>(await r.server.api('/api/config'))).serverDomain).toBe(
      'https://chat.example.com',
    );
    const person = {
      name: 'Net',
      email: 'net@example.com',
      password: 'correct horse battery',
      confirm_password: 'correct horse battery',
    };
    expect((await r.server.api('/api/auth/register', { method: 'POST', json: person })).status).toBeLessThan(
      300,
    );
    const login = await r.server.api('/api/auth/login', {
      method: 'POST',
      json: { email: person.email, password: person.password },
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
  },
};

describe('the user guide', () => {
  it('has an exercise here for every page', () => {
    expect(guidePageFiles()).toEqual(Object.keys(EXERCISES).sort());
  });

  it('shows a picture on every page, each small enough for a repository', () => {
    for (const file of guidePageFiles()) {
      const pictures = [...readGuidePage(file).markdown.matchAll(/!\[[^\]]+\]\((img\/[\w-]+\.png)\)/g)];
      expect(pictures, `${file} shows a picture`).not.toHaveLength(0);
      for (const [, path] of pictures) {
        expect(existsSync(join(GUIDE_DIR, path!)), `${file}: ${path} exists`).toBe(true);
        expect(statSync(join(GUIDE_DIR, path!)).size, `${file}: ${path} size`).toBeLessThan(150_000);
      }
    }
  });
});

for (const file of guidePageFiles()) {
  describe(`guide page ${file}`, () => {
    const running = {} as Running;
    const page = readGuidePage(file);
    beforeAll(async () => {
      running.sim = await startSimulator();
      const base = pointedAtSimulator(readGuidePage(BASE_PAGE), running.sim.url);
      const own = pointedAtSimulator(page, running.sim.url);
      let yaml = mergedYaml(base.yaml[0]!, file === BASE_PAGE ? [] : own.yaml);
      for (const [from, to] of Object.entries(SIMULATOR_MODELS[file] ?? {})) yaml = yaml.replaceAll(from, to);
      // The page's HOST and PORT are parsed, but the server listens where the test can reach it.
      running.server = await startTestServer({ yaml, env: own.env });
      running.yaml = parse(yaml) as Record<string, unknown>;
      running.user = await createTestUser(running.server, { name: 'Reader' });
      running.ask = async (json) =>
        (
          await openStream(running.server, `/api/agents/chat/${ENDPOINT}`, {
            token: running.user.token,
            json: { parentMessageId: NO_PARENT, conversationId: null, endpoint: ENDPOINT, ...json },
          })
        ).rest();
    }, 120_000);
    afterAll(async () => {
      await running.server?.stop();
      await running.sim?.close();
    });

    it('starts with the page’s example and its feature works', async () => {
      if (!NOTHING_TO_CONFIGURE.has(file))
        expect(page.yaml.length + Object.keys(page.env).length, 'a runnable example').toBeGreaterThan(0);
      await EXERCISES[file]!(running);
    }, 90_000);
  });
}
