import type { Agent, AgentListPage, Message } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, signUp } from '../auth/auth-client.ts';
import { startChatFixture, SIM_ENDPOINT, type ChatFixture } from '../chat/chat-fixture.ts';
import { finalOf, type SseEvent } from '../chat/sse-client.ts';
import { codeFor, enableTwoFactor } from '../two-factor/two-factor-client.ts';

/**
 * The exact requests LibreChat v0.7.9's own web client makes that Parley once refused. Each case
 * is the request as that client sends it (its keys, its id forms, its missing bodies), so a
 * regression of any of them fails here.
 */

const ARTIFACTS_HEADING = '# Artifacts';
const isDelta = (e: SseEvent) => e.data.event === 'on_message_delta';

/** A system prompt from the simulator's record of an OpenAI-style request, if it had one. */
function systemPromptOf(body: unknown): string | undefined {
  const messages = (body as { messages?: { role: string; content: unknown }[] }).messages ?? [];
  const system = messages.find((m) => m.role === 'system');
  return typeof system?.content === 'string' ? system.content : undefined;
}

describe("LibreChat's web client: the calls it makes", () => {
  let f: ChatFixture;
  const systemPrompts: (string | undefined)[] = [];

  beforeAll(async () => {
    f = await startChatFixture({
      onSimRequest: (request) => {
        if (request.url.includes('/chat/completions')) systemPrompts.push(systemPromptOf(request.body));
      },
    });
  }, 60_000);
  afterAll(() => f.stop());

  const api = (path: string, token: string, init: { method?: string; json?: unknown } = {}) =>
    f.server.api(path, { ...init, token });

  it('stop by closing the stream: the answer reloads not unfinished, incomplete and stopped', async () => {
    // The client stops by closing its POST (no resumable opt-in), then reloads the messages.
    const stream = await f.send({ text: 'tell me a long story', model: 'slow' });
    const events = await stream.until(isDelta);
    const conversationId: string = events[0]!.data.message.conversationId;
    stream.close();
    const answer = await waitForAnswer(conversationId);
    expect(answer).toMatchObject({
      unfinished: false,
      finish_reason: 'incomplete',
      stopped: true,
      error: false,
    });

    // Continue as that client sends it: isRegenerate too, and the answer's id with "_" appended.
    const continued = await f.send({
      text: 'tell me a long story',
      conversationId,
      parentMessageId: answer.parentMessageId,
      messageId: answer.parentMessageId,
      overrideParentMessageId: answer.parentMessageId,
      responseMessageId: `${answer.messageId}_`,
      isContinued: true,
      isRegenerate: true,
      isEdited: true,
      generation: answer.text,
      model: 'echo',
      endpointType: 'custom',
      key: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(continued.response.status).toBe(200);
    const final = finalOf(await continued.rest());
    // The continued answer keeps its id, its text goes on, and the whole conversation comes
    // along (runMessages) so that client shows the answer once.
    expect(final.responseMessage.messageId).toBe(answer.messageId);
    expect(final.responseMessage.text.startsWith(answer.text)).toBe(true);
    expect(final.responseMessage.text.length).toBeGreaterThan(answer.text.length);
    const ids = (final.runMessages as Message[]).map((m) => m.messageId);
    expect(ids.filter((id) => id === answer.messageId)).toHaveLength(1);
    expect(ids).toEqual([answer.parentMessageId, answer.messageId]);
    expect(final.runMessages.at(-1).text).toBe(final.responseMessage.text);
  });

  it("Parley's own continue (the plain id) gets no runMessages", async () => {
    const stream = await f.send({ text: 'another story', model: 'slow' });
    const conversationId: string = (await stream.until(isDelta))[0]!.data.message.conversationId;
    stream.close();
    const answer = await waitForAnswer(conversationId);
    const final = finalOf(
      await (
        await f.send({
          text: 'another story',
          conversationId,
          parentMessageId: answer.parentMessageId,
          responseMessageId: answer.messageId,
          isContinued: true,
          model: 'echo',
        })
      ).rest(),
    );
    expect(final.responseMessage.messageId).toBe(answer.messageId);
    expect(final).not.toHaveProperty('runMessages');
  });

  it('a continue naming no answer of the conversation, with or without "_", is still refused', async () => {
    const stream = await f.send({ text: 'short', model: 'echo' });
    const first = finalOf(await stream.rest());
    const conversationId = first.conversation.conversationId;
    for (const responseMessageId of ['not-an-answer_', `${first.requestMessage.messageId}_`]) {
      const res = await api(`/api/agents/chat/${SIM_ENDPOINT}`, f.alice.token, {
        method: 'POST',
        json: {
          text: 'short',
          endpoint: SIM_ENDPOINT,
          model: 'echo',
          conversationId,
          parentMessageId: first.requestMessage.messageId,
          responseMessageId,
          isContinued: true,
          isRegenerate: true,
        },
      });
      expect(res.status, responseMessageId).toBe(400);
    }
  });

  it('POST /api/agents with artifacts "" creates an agent; an agent with artifacts on gets their instructions', async () => {
    const off = await api('/api/agents', f.alice.token, {
      method: 'POST',
      json: {
        name: 'From LibreChat',
        description: '',
        instructions: 'Be brief.',
        provider: SIM_ENDPOINT,
        model: 'echo',
        artifacts: '',
        tools: [],
        conversation_starters: [],
        model_parameters: {},
        category: 'general',
        support_contact: { name: '', email: '' },
      },
    });
    expect(off.status, await off.clone().text()).toBe(201);
    const offAgent = (await off.json()) as Agent;
    expect(offAgent.artifacts).toBe('');
    expect(offAgent).not.toHaveProperty('support_contact');

    const on = await api('/api/agents', f.alice.token, {
      method: 'POST',
      json: {
        name: 'Builder',
        provider: SIM_ENDPOINT,
        model: 'echo',
        instructions: 'Be brief.',
        artifacts: 'shadcnui',
      },
    });
    expect(on.status).toBe(201);
    const onAgent = (await on.json()) as Agent;
    expect(onAgent.artifacts).toBe('shadcnui');

    const bad = await api('/api/agents', f.alice.token, {
      method: 'POST',
      json: { provider: SIM_ENDPOINT, model: 'echo', artifacts: 'sometimes' },
    });
    expect(bad.status).toBe(400);

    const promptFor = async (agentId: string) => {
      systemPrompts.length = 0;
      const stream = await f.send(
        { text: 'hi', endpoint: 'agents', agent_id: agentId },
        { path: '/api/agents/chat/agents' },
      );
      finalOf(await stream.rest());
      return systemPrompts.at(-1);
    };
    const withArtifacts = await promptFor(onAgent.id);
    expect(withArtifacts).toContain('Be brief.');
    expect(withArtifacts).toContain(ARTIFACTS_HEADING);
    expect(withArtifacts).toContain('/components/ui/');
    const without = await promptFor(offAgent.id);
    expect(without).toContain('Be brief.');
    expect(without).not.toContain(ARTIFACTS_HEADING);

    // Turned off again by an update.
    const patched = await api(`/api/agents/${onAgent.id}`, f.alice.token, {
      method: 'PATCH',
      json: { artifacts: '' },
    });
    expect(patched.status).toBe(200);
    expect(await promptFor(onAgent.id)).not.toContain(ARTIFACTS_HEADING);
  });

  it('GET /api/agents?order=desc&limit=100 lists agents; order, limit, after, before and provider are honoured', async () => {
    const user = f.bob;
    const made: Agent[] = [];
    for (const [name, provider] of [
      ['one', SIM_ENDPOINT],
      ['two', 'openAI'],
      ['three', SIM_ENDPOINT],
      ['four', SIM_ENDPOINT],
    ] as const) {
      const res = await api('/api/agents', user.token, {
        method: 'POST',
        json: { name, provider, model: provider === 'openAI' ? 'gpt-4o-mini' : 'echo' },
      });
      expect(res.status).toBe(201);
      made.push((await res.json()) as Agent);
    }
    const page = async (query: string) => {
      const res = await api(`/api/agents?${query}`, user.token);
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as AgentListPage;
    };
    const names = (p: AgentListPage) => p.data.map((a) => a.name);

    expect(names(await page('order=desc&limit=100'))).toEqual(['four', 'three', 'two', 'one']);
    expect(names(await page('order=asc&limit=100'))).toEqual(['one', 'two', 'three', 'four']);
    const firstTwo = await page('order=desc&limit=2');
    expect(names(firstTwo)).toEqual(['four', 'three']);
    expect(firstTwo).toMatchObject({ has_more: true, first_id: made[3]!.id, last_id: made[2]!.id });
    expect(names(await page(`order=desc&limit=2&after=${firstTwo.last_id}`))).toEqual(['two', 'one']);
    expect(names(await page(`order=desc&limit=2&before=${made[0]!.id}`))).toEqual(['three', 'two']);
    expect(names(await page(`order=asc&limit=10&after=${made[1]!.id}`))).toEqual(['three', 'four']);
    expect(names(await page(`order=desc&limit=100&provider=${SIM_ENDPOINT}`))).toEqual([
      'four',
      'three',
      'one',
    ]);
    // Unknown keys are dropped; wrong values still refused.
    expect(names(await page('order=desc&limit=100&requestedBy=client'))).toHaveLength(4);
    for (const wrong of ['order=sideways', 'limit=0', 'limit=101', 'after=not-an-agent']) {
      expect((await api(`/api/agents?${wrong}`, user.token)).status, wrong).toBe(400);
    }
    // An agent of someone else's that the caller cannot list is no position in the list.
    const alices = (await (await api('/api/agents?limit=1', f.alice.token)).json()) as AgentListPage;
    expect((await api(`/api/agents?after=${alices.data[0]!.id}`, user.token)).status).toBe(400);
  });

  it('GET /api/agents/tools/web_search/auth answers 200, not authenticated, with its auth types, when web search is off', async () => {
    const res = await api('/api/agents/tools/web_search/auth', f.alice.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      authenticated: false,
      message: 'not_configured',
      authTypes: [
        ['providers', 'system_defined'],
        ['scrapers', 'system_defined'],
        ['rerankers', 'system_defined'],
      ],
    });
    expect((await api('/api/agents/tools/no_such_tool/auth', f.alice.token)).status).toBe(404);
  });

  describe('turning two-factor off: verify, then a body-less disable', () => {
    const bodiless = (path: string, token: string, contentType?: string) =>
      fetch(f.server.url + path, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          ...(contentType ? { 'content-type': contentType } : {}),
        },
      });

    it('disables after a verify in the same session, once; not from another session or without a verify', async () => {
      const me = await signUp(f.server);
      const otherDevice = await login(f.server, me.user.email);
      const { secret } = await enableTwoFactor(f.server, me.token);

      // No verify yet: refused, and two-factor stays on.
      const early = await bodiless('/api/auth/2fa/disable', me.token);
      expect(early.status).toBe(400);
      // A verify on another device does not count for this session.
      const verifyElsewhere = await api('/api/auth/2fa/verify', otherDevice.token, {
        method: 'POST',
        json: { token: await codeFor(secret) },
      });
      expect(verifyElsewhere.status).toBe(200);
      expect((await bodiless('/api/auth/2fa/disable', me.token)).status).toBe(400);

      const verify = await api('/api/auth/2fa/verify', me.token, {
        method: 'POST',
        json: { token: await codeFor(secret) },
      });
      expect(verify.status).toBe(200);
      // The backup-codes call takes the mark the same way (and uses it up).
      const regenerated = await bodiless('/api/auth/2fa/backup/regenerate', me.token);
      expect(regenerated.status, await regenerated.clone().text()).toBe(200);
      expect(((await regenerated.json()) as { backupCodes: string[] }).backupCodes).toHaveLength(10);
      expect((await bodiless('/api/auth/2fa/disable', me.token)).status).toBe(400);

      await api('/api/auth/2fa/verify', me.token, { method: 'POST', json: { token: await codeFor(secret) } });
      // As axios sends it: a JSON content type and no body at all.
      const off = await bodiless('/api/auth/2fa/disable', me.token, 'application/json');
      expect(off.status, await off.clone().text()).toBe(200);
      const login2 = await f.server.api('/api/auth/login', {
        method: 'POST',
        json: { email: me.user.email, password: 'correct horse battery' },
      });
      expect(((await login2.json()) as { token?: string }).token).toBeTruthy();
    });
  });

  /** The conversation's answer once it is saved with a finish reason. */
  async function waitForAnswer(conversationId: string): Promise<Message & { stopped?: boolean }> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const res = await api(`/api/messages/${conversationId}`, f.alice.token);
      const list = (await res.json()) as (Message & { stopped?: boolean })[];
      const answer = list.find((m) => !m.isCreatedByUser && m.finish_reason);
      if (answer) return answer;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the answer was never saved');
  }
});
