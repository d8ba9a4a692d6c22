import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnswerEvent } from '../generation/answer-event.ts';
import type { ModelCall } from '../generation/model-call.ts';
import type { Provider, ProviderEvent, ProviderRequest } from '../providers/provider.ts';
import type { Tool } from '../tools/tool.ts';
import { recursionLimitMessage, type ToolRunSetup } from '../tools/tool-loop.ts';
import { SignInWaits } from '../tools/tool-sign-in.ts';
import { chainRun, withEarlierAnswers, type ChainTurn } from './agent-chain-run.ts';
import { chainIds } from './agent-chain.ts';

/**
 * A provider whose answer is scripted by the model name: `say:<text>` answers the text;
 * `loop` asks for the `noop` tool every time (it never finishes on its own). Every request is
 * recorded so a test can read what each turn was sent.
 */
function scriptedProvider(requests: ProviderRequest[]): Provider {
  return {
    async *stream(request): AsyncIterable<ProviderEvent> {
      requests.push(request);
      if (request.model === 'loop') {
        yield { type: 'tool-call', id: `c${requests.length}`, name: 'noop', args: '{}' };
        yield { type: 'finish', reason: 'tool_calls', usage: { outputTokens: 1 } };
        return;
      }
      if (request.signal.aborted) return;
      yield { type: 'text', text: request.model.replace(/^say:/, '') };
      yield { type: 'finish', reason: 'stop', usage: { outputTokens: 2 } };
    },
    listModels: async () => [],
    complete: async () => '',
  };
}

const noop: Tool = {
  name: 'noop',
  description: 'does nothing',
  input: z.object({}),
  authConfig: [],
  run: async () => 'ok',
};

const setup = (recursionLimit: number): ToolRunSetup => ({
  tools: [noop],
  recursionLimit,
  userId: 'u',
  conversationId: 'c',
  credentials: async () => ({}),
  signInWaits: new SignInWaits(),
});

const call = (
  provider: Provider,
  model: string,
  system = 'be brief',
): ModelCall & { provider: Provider } => ({
  provider,
  model,
  messages: [
    { role: 'system', content: system },
    { role: 'user', content: 'hello' },
  ],
  parameters: {},
});

const turn = (provider: Provider, agentId: string, model: string, recursionLimit = 5): ChainTurn => ({
  agentId,
  name: agentId.toUpperCase(),
  recursionLimit,
  call: call(provider, model, `${agentId} instructions`),
  tools: [noop],
});

async function collect(events: AsyncIterable<AnswerEvent>): Promise<AnswerEvent[]> {
  const all: AnswerEvent[] = [];
  for await (const e of events) all.push(e);
  return all;
}

/** Events as short labels: `text:…`, `agent:<id>/<name>`, `error:…`, `finish`, `tool:<name>`. */
const labels = (events: AnswerEvent[]) =>
  events.flatMap((e) => {
    if (e.type === 'text') return [`text:${e.text}`];
    if (e.type === 'agent-update') return [`agent:${e.agentId}/${e.agentName ?? ''}`];
    if (e.type === 'error') return [`error:${e.failure.message}`];
    if (e.type === 'finish') return ['finish'];
    if (e.type === 'tool-call') return [`tool:${e.name}`];
    return [];
  });

describe('chainRun', () => {
  it('runs each turn after the other, announcing it, and each sees the earlier answers', async () => {
    const requests: ProviderRequest[] = [];
    const p = scriptedProvider(requests);
    const run = chainRun(setup(5), 'First', [turn(p, 'b', 'say:two'), turn(p, 'c', 'say:three')]);
    const events = await collect(run(call(p, 'say:one'), new AbortController().signal));
    expect(labels(events)).toEqual([
      'text:one',
      'agent:b/B',
      'text:two',
      'agent:c/C',
      'text:three',
      'finish',
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'finish', usage: { outputTokens: 6 } });
    expect(requests[0]!.messages[0]!.content).toBe('be brief');
    expect(requests[1]!.messages[0]!.content).toMatch(/^b instructions\n\n.*--- First ---\none$/s);
    expect(requests[2]!.messages[0]!.content).toMatch(/--- First ---\none\n\n--- B ---\ntwo$/);
  });

  it('applies each turn’s own recursion limit, and a turn past it ends the chain', async () => {
    const p = scriptedProvider([]);
    // The first agent may take 1 step; the looping second one stops at its own limit of 3
    // (a model call, a round of tools, a model call, and the next round is past it).
    const run = chainRun(setup(1), 'First', [turn(p, 'b', 'loop', 3), turn(p, 'c', 'say:never')]);
    const events = await collect(run(call(p, 'say:one'), new AbortController().signal));
    expect(labels(events)).toEqual([
      'text:one',
      'agent:b/B',
      'tool:noop',
      'tool:noop',
      `error:${recursionLimitMessage(3)}`,
    ]);
  });

  it('ends at a turn that cannot answer with its failure, after the earlier turns', async () => {
    const p = scriptedProvider([]);
    const failed: ChainTurn = { agentId: 'x', name: '', failure: { message: 'not yours', local: true } };
    const run = chainRun(setup(5), 'First', [failed, turn(p, 'c', 'say:never')]);
    const events = await collect(run(call(p, 'say:one'), new AbortController().signal));
    expect(labels(events)).toEqual(['text:one', 'agent:x/', 'error:not yours']);
  });

  it('stops handing over once stopped, without a finish', async () => {
    const p = scriptedProvider([]);
    const stop = new AbortController();
    const run = chainRun(setup(5), 'First', [turn(p, 'b', 'say:two')]);
    const events: AnswerEvent[] = [];
    for await (const e of run(call(p, 'say:one'), stop.signal)) {
      events.push(e);
      if (e.type === 'text') stop.abort();
    }
    expect(labels(events)).toEqual(['text:one']);
  });
});

describe('withEarlierAnswers', () => {
  it('leaves the messages alone when nobody answered before, and adds a system note otherwise', () => {
    const user = [{ role: 'user' as const, content: 'q' }];
    expect(withEarlierAnswers(user, [])).toEqual(user);
    const [note, rest] = withEarlierAnswers(user, [{ name: 'A', text: 'a says' }]);
    expect(note).toMatchObject({ role: 'system' });
    expect(note!.content).toContain('--- A ---\na says');
    expect(rest).toEqual(user[0]);
  });
});

describe('chainIds', () => {
  it('leaves out the agent itself and repeats, keeping the order', () => {
    const definition = { agent_ids: ['agent_b', 'agent_a', 'agent_c', 'agent_b'] };
    expect(chainIds('agent_a', definition as never)).toEqual(['agent_b', 'agent_c']);
    expect(chainIds('agent_a', {} as never)).toEqual([]);
  });
});
