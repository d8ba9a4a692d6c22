import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesOf } from '../chat/chat-fixture.ts';
import { deltaText } from '../chat/sse-client.ts';
import { finalOf, startProviderFixture, type ProviderFixture } from '../providers/provider-fixture.ts';
import { BAD, METRICS_TOKEN, fallbackEnv, fallbackYaml } from './fallback-env.ts';

let f: ProviderFixture;
beforeAll(async () => {
  f = await startProviderFixture({ env: fallbackEnv, yaml: fallbackYaml });
});
afterAll(() => f.stop());

interface Kind {
  label: string;
  endpoint: string;
  bad: [string, string];
  good: string;
  extra?: Record<string, unknown>;
  /** The upstream path the answering model was asked on. */
  path: RegExp;
}

const KINDS: Kind[] = [
  {
    label: 'openAI (Chat Completions)',
    endpoint: 'openAI',
    bad: [`a/${BAD}`, `b/${BAD}`],
    good: 'gpt-4o-mini',
    path: /^\/v1\/chat\/completions$/,
  },
  {
    label: 'openAI (Responses API)',
    endpoint: 'openAI',
    bad: [`a/${BAD}`, `b/${BAD}`],
    good: 'gpt-4o-mini',
    extra: { useResponsesApi: true },
    path: /^\/v1\/responses$/,
  },
  {
    label: 'azureOpenAI',
    endpoint: 'azureOpenAI',
    bad: ['bad-a', 'bad-b'],
    good: 'gpt-4o',
    path: /^\/openai\/deployments\/echo\/chat\/completions/,
  },
  {
    label: 'anthropic',
    endpoint: 'anthropic',
    bad: [`a/${BAD}`, `b/${BAD}`],
    good: 'claude-3-5-sonnet/echo',
    path: /^\/v1\/messages$/,
  },
  {
    label: 'google',
    endpoint: 'google',
    bad: [`a:${BAD}`, `b:${BAD}`],
    good: 'echo',
    path: /^\/v1beta\/models\/echo:streamGenerateContent/,
  },
  {
    label: 'bedrock',
    endpoint: 'bedrock',
    bad: [`mistral.${BAD}-v1:0`, `cohere.${BAD}-v1:0`],
    good: 'anthropic.claude-3-5-sonnet-20240620-v1:0',
    path: /^\/model\/anthropic\.claude[^/]*\/converse-stream$/,
  },
  {
    label: 'custom (OpenAI-compatible)',
    endpoint: 'Groq',
    bad: [`a/${BAD}`, `b/${BAD}`],
    good: 'echo',
    path: /^\/v1\/chat\/completions$/,
  },
];

const unique = (label: string) => `${label} fallback ${Math.random().toString(36).slice(2, 8)}`;

describe.each(KINDS)('$label: a model down before its first token', (kind) => {
  it('is answered by its fallbacks in turn, and the answer says which failed and why', async () => {
    const text = unique(kind.label);
    const events = await f.chat(kind.endpoint, { ...kind.extra, text, model: kind.bad[0] });
    const final = finalOf(events);
    expect(final, JSON.stringify(events.at(-1))).toBeDefined();
    expect(deltaText(events)).toBe(text);
    expect(final.responseMessage).toMatchObject({
      text,
      error: false,
      endpoint: kind.endpoint,
      model: kind.good,
      fallbackFrom: [
        { endpoint: kind.endpoint, model: kind.bad[0], reason: 'rate_limited', status: 429 },
        { endpoint: kind.endpoint, model: kind.bad[1], reason: 'server_error', status: 500 },
      ],
    });
    // The conversation keeps the model it was asked of: the next message tries it first again.
    expect(final.conversation).toMatchObject({ endpoint: kind.endpoint, model: kind.bad[0] });
    expect(f.requestWith(text).url).toMatch(kind.path);
    const [, answer] = await messagesOf(f.server.ctx.db, final.conversation.conversationId);
    expect(answer).toMatchObject({ model: kind.good, fallbackFrom: final.responseMessage.fallbackFrom });
  });
});

describe('fallbacks', () => {
  it('skips a fallback whose endpoint needs a key the user has not given', async () => {
    const text = unique('no key');
    const final = finalOf(await f.chat('openAI', { text, model: `a/${BAD}` }));
    expect(final.responseMessage.model).toBe('gpt-4o-mini');
    expect(final.responseMessage.fallbackFrom.map((m: { model: string }) => m.model)).toEqual([
      `a/${BAD}`,
      `b/${BAD}`,
    ]);
    // Mine/echo (user_provided, no key stored) was never asked.
    const asked = f.requests.filter((r) => JSON.stringify(r.body).includes(text));
    expect(asked.map((r) => (r.body as { model: string }).model)).toEqual([
      `a/${BAD}`,
      `b/${BAD}`,
      'gpt-4o-mini',
    ]);
  });

  it('does not retry a model that failed after its answer started: saved unfinished', async () => {
    const text = unique('cut off');
    const events = await f.chat('openAI', { text, model: 'disconnect' });
    const conversationId = events[0]!.data.message.conversationId;
    const [, answer] = await messagesOf(f.server.ctx.db, conversationId);
    expect(answer).toMatchObject({ model: 'disconnect', unfinished: true, fallbackFrom: null });
    expect(answer!.text).toMatch(/^This answer will be cut off/);
    expect(f.requests.filter((r) => JSON.stringify(r.body).includes(text))).toHaveLength(1);
  });

  it('keeps an error the fallbacks cannot fix: a model without a rule fails as before', async () => {
    const text = unique('no rule');
    const events = await f.chat('openAI', { text, model: `b/${BAD}` });
    expect(events.at(-1)!.event).toBe('error');
    expect(f.requests.filter((r) => JSON.stringify(r.body).includes(text))).toHaveLength(1);
  });

  it('counts fallbacks on /metrics by failed model, fallback and reason', async () => {
    const res = await f.server.api('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const body = await res.text();
    expect(body).toMatch(
      new RegExp(
        `parley_fallbacks_total\\{from="anthropic/a/${BAD}",to="anthropic/b/${BAD}",reason="rate_limited"\\} 1`,
      ),
    );
    expect(body).toMatch(
      new RegExp(
        `parley_fallbacks_total\\{from="anthropic/b/${BAD}",to="anthropic/claude-3-5-sonnet/echo",reason="server_error"\\} 1`,
      ),
    );
  });
});

describe('fallbacks naming an endpoint the server does not have', () => {
  it('refuses to start, naming it', async () => {
    const { startTestServer } = await import('../helpers/test-server.ts');
    await expect(
      startTestServer({ yaml: 'version: 1.2.8\nfallbacks:\n  - from: Demo/echo\n    to: [Nope/echo]\n' }),
    ).rejects.toThrow('parley.yaml fallbacks: no endpoint named "Nope" (endpoints: Demo)');
  });
});
