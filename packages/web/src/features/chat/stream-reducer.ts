import type { ContentPart, Message } from '@parley/schema';

/**
 * The answer being generated, as the stream events build it (PROTOCOL.md). Pure: the chat
 * controller feeds it batches of events once per animation frame.
 */
export interface LiveAnswer {
  responseMessageId: string | null;
  content: ContentPart[];
  /** Step id → content part index. */
  steps: Record<string, number>;
}

export const EMPTY_ANSWER: LiveAnswer = { responseMessageId: null, content: [], steps: {} };

interface StepData {
  id?: string;
  runId?: string;
  index?: number;
  type?: string;
  stepDetails?: { tool_calls?: { id: string; name: string; args: string }[] };
  delta?: {
    content?: { type: string; text?: string; think?: string }[];
    tool_calls?: { name?: string; args?: string }[];
  };
  result?: { index: number; tool_call: Record<string, unknown> };
}

export interface StepEventData {
  event: string;
  data: unknown;
}

function textOf(part: ContentPart | undefined, key: 'text' | 'think'): string {
  const value = part?.[key];
  return typeof value === 'string' ? value : '';
}

/** Applies one step event to a (batch-private, mutable) copy of the content. */
function applyStep(answer: LiveAnswer, event: StepEventData): void {
  const data = (event.data ?? {}) as StepData;
  const content = answer.content;
  switch (event.event) {
    case 'on_run_step': {
      if (data.id === undefined || data.index === undefined) return;
      answer.steps[data.id] = data.index;
      if (data.runId && !answer.responseMessageId) answer.responseMessageId = data.runId;
      const call = data.stepDetails?.tool_calls?.[0];
      if (data.type === 'tool_calls' && call) {
        content[data.index] = {
          type: 'tool_call',
          tool_call: {
            id: call.id,
            name: call.name,
            args: call.args ?? '',
            type: 'tool_call',
            progress: 0.1,
          },
        };
      }
      return;
    }
    case 'on_message_delta':
    case 'on_reasoning_delta': {
      const index = data.id === undefined ? undefined : answer.steps[data.id];
      if (index === undefined) return;
      const key = event.event === 'on_message_delta' ? 'text' : 'think';
      let added = '';
      for (const piece of data.delta?.content ?? []) added += piece[key] ?? '';
      const part = content[index];
      content[index] = { ...part, type: key, [key]: textOf(part, key) + added };
      return;
    }
    case 'on_run_step_delta': {
      const index = data.id === undefined ? undefined : answer.steps[data.id];
      const part = index === undefined ? undefined : content[index];
      if (index === undefined || part?.type !== 'tool_call') return;
      const call = part.tool_call as Record<string, unknown>;
      const args = (data.delta?.tool_calls ?? []).map((c) => c.args ?? '').join('');
      content[index] = { ...part, tool_call: { ...call, args: String(call.args ?? '') + args } };
      return;
    }
    case 'on_run_step_completed': {
      if (!data.result) return;
      content[data.result.index] = { type: 'tool_call', tool_call: { ...data.result.tool_call } };
      return;
    }
    default:
      return;
  }
}

/** Applies a batch of step events; the input answer is left untouched. */
export function applySteps(answer: LiveAnswer, events: readonly StepEventData[]): LiveAnswer {
  if (events.length === 0) return answer;
  const next: LiveAnswer = {
    responseMessageId: answer.responseMessageId,
    content: [...answer.content],
    steps: { ...answer.steps },
  };
  for (const event of events) applyStep(next, event);
  return next;
}

/** A re-attached stream starts from the content so far. */
export function answerFromResume(
  responseMessageId: string,
  content: ContentPart[],
  runSteps: readonly { id: string; index: number }[] = [],
): LiveAnswer {
  const steps: Record<string, number> = {};
  for (const step of runSteps) steps[step.id] = step.index;
  return { responseMessageId, content: content.map((p) => ({ ...p })), steps };
}

/** The plain text of content parts (text parts joined), as the server derives it. */
export function plainText(content: readonly ContentPart[]): string {
  let text = '';
  for (const part of content) if (part.type === 'text') text += textOf(part, 'text');
  return text;
}

/** The response message as shown while streaming. */
export function liveMessage(base: Message, answer: LiveAnswer): Message {
  return { ...base, content: answer.content, text: plainText(answer.content) };
}
