import type { AnswerEvent } from '../generation/answer-event.ts';
import type { AnswerSource, ModelCall } from '../generation/model-call.ts';
import type { ProviderFailure, ProviderMessage, TokenUsage } from '../providers/provider.ts';
import type { Tool } from '../tools/tool.ts';
import { addUsage, toolLoop, type ToolRunSetup } from '../tools/tool-loop.ts';

/**
 * One chained agent's turn: its model call (its own provider, model and instructions), tools and
 * step limit — or, for an agent that cannot answer (one the caller may not use, a model no longer
 * offered), the failure its turn ends the chain with.
 */
export type ChainTurn =
  | { agentId: string; name: string; recursionLimit: number; call: ModelCall; tools: Tool[] }
  | { agentId: string; name: string; failure: ProviderFailure };

/** What the agents before a turn wrote, added to its instructions so it can build on them. */
export function withEarlierAnswers(
  messages: readonly ProviderMessage[],
  earlier: readonly { name: string; text: string }[],
): ProviderMessage[] {
  if (earlier.length === 0) return [...messages];
  const note = [
    'Other agents answered the latest message before you, in this order. Build on their answers; do not repeat them.',
    ...earlier.map((e) => `--- ${e.name} ---\n${e.text}`),
  ].join('\n\n');
  const [first, ...rest] = messages;
  if (first?.role === 'system') return [{ ...first, content: `${first.content}\n\n${note}` }, ...rest];
  return [{ role: 'system', content: note }, ...messages];
}

/**
 * An agent chain as one answer source: the first agent answers (with its tool loop), then each
 * chained agent in turn, announced by an `agent-update` event (its id and name) so the answer
 * shows who speaks from there on. Every turn sees the conversation and what the earlier turns
 * wrote, and runs its own tool loop under its own recursion limit. An error, a stop or a turn
 * that cannot call its model ends the chain with what was written so far. One `finish` closes the
 * chain, with the usage of every turn.
 */
export function chainRun(setup: ToolRunSetup, firstName: string, turns: readonly ChainTurn[]): AnswerSource {
  return async function* run(firstCall, signal): AsyncIterable<AnswerEvent> {
    const usage: TokenUsage = {};
    const earlier: { name: string; text: string }[] = [];
    const first: ChainTurn = {
      agentId: '',
      name: firstName,
      recursionLimit: setup.recursionLimit,
      call: firstCall,
      tools: [...setup.tools],
    };
    for (const [index, turn] of [first, ...turns].entries()) {
      if (signal.aborted) return;
      if (index > 0) yield { type: 'agent-update', agentId: turn.agentId, agentName: turn.name || undefined };
      if ('failure' in turn) {
        yield { type: 'error', failure: turn.failure };
        return;
      }
      const provider = turn.call.provider;
      if (!provider) {
        const failure = turn.call.missingProvider ?? {
          message: `${turn.name} cannot reach its model`,
          local: true,
        };
        yield { type: 'error', failure };
        return;
      }
      // Sign-ins the run starts with belong to the first agent's tools: later turns skip them.
      const loop = toolLoop({
        ...setup,
        tools: turn.tools,
        recursionLimit: turn.recursionLimit,
        ...(index > 0 ? { signIns: [] } : {}),
      });
      const call = { ...turn.call, provider, messages: withEarlierAnswers(turn.call.messages, earlier) };
      let text = '';
      let finished = false;
      for await (const event of loop(call, signal)) {
        if (event.type === 'finish') {
          addUsage(usage, event.usage);
          finished = true;
          break;
        }
        if (event.type === 'text') text += event.text;
        yield event;
        if (event.type === 'error') return;
      }
      if (!finished) return;
      earlier.push({ name: turn.name || 'Agent', text });
    }
    yield { type: 'finish', reason: 'stop', usage };
  };
}
