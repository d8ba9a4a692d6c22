import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesOf } from '../chat/chat-fixture.ts';
import { NO_PARENT } from '@parley/schema';
import { deltaText, jsonOf, openStream, type SseEvent } from '../chat/sse-client.ts';
import { finalOf, startProviderFixture, type ProviderFixture } from './provider-fixture.ts';
import { providerEnv, providerYaml } from './provider-env.ts';

let f: ProviderFixture;
beforeAll(async () => {
  f = await startProviderFixture({ env: providerEnv, yaml: providerYaml });
});
afterAll(() => f.stop());

interface Kind {
  label: string;
  endpoint: string;
  echo: string;
  thinking: string;
  slow: string;
  error: string;
  /** Merged into every request body (e.g. useResponsesApi). */
  extra?: Record<string, unknown>;
  /** The upstream path the provider must have called. */
  path: RegExp;
  /**
   * OpenAI's Chat Completions carry no reasoning text (only the Responses API streams a reasoning
   * summary), so over it a reasoning model's answer arrives without a think part.
   */
  noReasoningText?: boolean;
}

const KINDS: Kind[] = [
  {
    label: 'openAI (Chat Completions)',
    endpoint: 'openAI',
    echo: 'gpt-4o-mini',
    thinking: 'thinking',
    slow: 'slow',
    error: 'error-500',
    path: /^\/v1\/chat\/completions$/,
    noReasoningText: true,
  },
  {
    label: 'openAI (Responses API)',
    endpoint: 'openAI',
    echo: 'gpt-4o-mini',
    thinking: 'thinking',
    slow: 'slow',
    error: 'error-500',
    extra: { useResponsesApi: true },
    path: /^\/v1\/responses$/,
  },
  {
    label: 'azureOpenAI (deployment)',
    endpoint: 'azureOpenAI',
    echo: 'gpt-4o',
    thinking: 'thinking',
    slow: 'slow',
    error: 'error-500',
    path: /^\/openai\/deployments\/[\w-]+\/chat\/completions\?api-version=\d{4}-\d\d-\d\d/,
    noReasoningText: true,
  },
  {
    label: 'azureOpenAI (Responses API)',
    endpoint: 'azureOpenAI',
    echo: 'gpt-4o',
    thinking: 'thinking',
    slow: 'slow',
    error: 'error-500',
    extra: { useResponsesApi: true },
    path: /^\/openai\/v1\/responses/,
  },
  {
    label: 'anthropic',
    endpoint: 'anthropic',
    echo: 'claude-3-5-sonnet/echo',
    thinking: 'claude-3-7-sonnet/thinking',
    slow: 'slow',
    error: 'error-500',
    path: /^\/v1\/messages$/,
  },
  {
    label: 'google',
    endpoint: 'google',
    echo: 'echo',
    thinking: 'thinking',
    slow: 'slow',
    error: 'error-500',
    path: /^\/v1beta\/models\/[\w-]+:streamGenerateContent\?alt=sse$/,
  },
  {
    label: 'bedrock',
    endpoint: 'bedrock',
    echo: 'anthropic.claude-3-5-sonnet-20240620-v1:0',
    thinking: 'us.anthropic.claude-3-7-sonnet-thinking-v1:0',
    slow: 'meta.llama3-slow-v1:0',
    error: 'mistral.error-500-v1:0',
    path: /^\/model\/[^/]+\/converse-stream$/,
  },
  {
    label: 'custom (OpenAI-compatible)',
    endpoint: 'Groq',
    echo: 'echo',
    thinking: 'thinking',
    slow: 'slow',
    error: 'error-500',
    path: /^\/v1\/chat\/completions$/,
  },
];

const occurrences = (text: string, part: string) => text.split(part).length - 1;
const isDelta = (e: SseEvent) => e.data.event === 'on_message_delta';

describe.each(KINDS)('$label through the chat API', (kind) => {
  const send = (json: Record<string, unknown>) => f.chat(kind.endpoint, { ...kind.extra, ...json });

  it('holds a conversation of three turns, sending the whole branch upstream', async () => {
    const tag = `${kind.label}-${Math.random().toString(36).slice(2, 8)}`;
    const texts = [1, 2, 3].map((n) => `Turn ${n} about ${tag}`);
    let parentMessageId: string | undefined;
    let conversationId: string | null = null;
    for (const text of texts) {
      const events = await send({
        text,
        model: kind.echo,
        conversationId,
        ...(parentMessageId ? { parentMessageId } : {}),
      });
      const final = finalOf(events);
      expect(final, JSON.stringify(events.at(-1))).toBeDefined();
      expect(deltaText(events)).toBe(text);
      expect(final.responseMessage).toMatchObject({ text, finish_reason: 'stop', endpoint: kind.endpoint });
      conversationId = final.conversation.conversationId;
      parentMessageId = final.responseMessage.messageId;
    }
    const upstream = f.requestWith(texts[2]!);
    expect(upstream.url).toMatch(kind.path);
    const body = JSON.stringify(upstream.body);
    // Earlier turns went up as the user's text and the echoed answer; the newest once.
    expect(occurrences(body, texts[0]!)).toBe(2);
    expect(occurrences(body, texts[1]!)).toBe(2);
    expect(occurrences(body, texts[2]!)).toBe(1);
    expect(await messagesOf(f.server.ctx.db, conversationId!)).toHaveLength(6);
  });

  it('streams a thinking answer: a think part, then the text', async () => {
    const events = await send({ text: `ponder ${kind.label}`, model: kind.thinking });
    const final = finalOf(events);
    const parts = final.responseMessage.content.map((p: { type: string }) => p.type);
    expect(events.some((e) => e.data.event === 'on_reasoning_delta')).toBe(!kind.noReasoningText);
    expect(parts).toEqual(kind.noReasoningText ? ['text'] : ['think', 'text']);
    expect(final.responseMessage.text).toMatch(new RegExp(`ponder ${kind.label.replace(/[()]/g, '.')}$`));
  });

  it('stops an answer: saved unfinished with finish_reason incomplete', async () => {
    const stream = await openStream(f.server, `/api/agents/chat/${kind.endpoint}`, {
      token: f.user.token,
      json: {
        ...kind.extra,
        text: 'a long story',
        model: kind.slow,
        endpoint: kind.endpoint,
        parentMessageId: NO_PARENT,
      },
    });
    const events = await stream.until(isDelta);
    events.push(...(await stream.until(isDelta)));
    const conversationId = events[0]!.data.message.conversationId;
    const res = await f.server.api('/api/agents/chat/abort', {
      method: 'POST',
      token: f.user.token,
      json: { conversationId },
    });
    expect(res.status).toBe(200);
    const stopped = await jsonOf(res);
    expect(stopped.responseMessage).toMatchObject({
      unfinished: false,
      finish_reason: 'incomplete',
      error: false,
    });
    expect(stopped.responseMessage.text).toMatch(/^Sentence 1/);
    await stream.rest();
  });

  it('reports an upstream error on the stream and saves it', async () => {
    const events = await send({ text: 'fail please', model: kind.error });
    const last = events.at(-1)!;
    expect(last.event).toBe('error');
    expect(JSON.parse(last.data.text)).toMatchObject({ type: 'provider_error', status: 500 });
    const rows = await messagesOf(f.server.ctx.db, events[0]!.data.message.conversationId);
    expect(rows.map((r) => [r.isCreatedByUser, r.error, r.finishReason])).toEqual([
      [true, false, null],
      [false, true, 'error'],
    ]);
  });
});
