import type { ContentPart } from '../conversation.ts';

/**
 * The answer as its step events build it: the content parts and, per step id, the part the
 * step writes to. Both the server (rebuilding the answer for a client that re-attaches, or for
 * an orphaned generation) and the web (the answer as it streams) fold events with this.
 */
export interface StepFold {
  /** The answer's id, from the first step's `runId` (null until a step arrived). */
  responseMessageId: string | null;
  content: ContentPart[];
  /** Step id → content part index. */
  steps: Record<string, number>;
}

/**
 * A step event as read off the wire: typed by `StepEvent`, but folded defensively (a log entry
 * or a foreign server may carry less), so missing fields skip the event instead of throwing.
 */
export interface StepEventLike {
  event: string;
  data: unknown;
}

interface LooseStepData {
  id?: string;
  runId?: string;
  index?: number;
  type?: string;
  stepDetails?: { tool_calls?: { id?: string; name?: string; args?: string }[] };
  delta?: {
    content?: { type?: string; text?: string; think?: string }[];
    tool_calls?: { args?: string }[];
    auth?: string;
    expires_at?: number;
    progress?: number;
    progress_message?: string;
    approval?: Record<string, unknown>;
  };
  result?: { index: number; tool_call: Record<string, unknown> };
  agent_update?: { index?: number; runId?: string; agentId?: string; agentName?: string };
  part?: { type?: string; image_file?: Record<string, unknown> };
}

function textOf(part: ContentPart | undefined, key: 'text' | 'think'): string {
  const value = part?.[key];
  return typeof value === 'string' ? value : '';
}

/**
 * Applies step events to `fold` in place and returns it. A part that changes is replaced by a
 * new object, never mutated, so a caller that copied `content` and `steps` beforehand (the web,
 * whose previous frame still renders the old parts) keeps its earlier state intact. Deltas of
 * unknown steps and events of other kinds change nothing.
 */
export function foldStepEvents(fold: StepFold, events: Iterable<StepEventLike>): StepFold {
  for (const event of events) foldStep(fold, event);
  return fold;
}

function foldStep(fold: StepFold, event: StepEventLike): void {
  const data = (event.data ?? {}) as LooseStepData;
  const content = fold.content;
  switch (event.event) {
    case 'on_run_step': {
      if (data.id === undefined || data.index === undefined) return;
      fold.steps[data.id] = data.index;
      if (data.runId && !fold.responseMessageId) fold.responseMessageId = data.runId;
      // A tool step owns a new part from the start; a message step's part appears with its
      // first delta, which says whether it is text or reasoning.
      if (data.type === 'tool_calls' && content[data.index] === undefined) {
        const call = data.stepDetails?.tool_calls?.[0];
        content[data.index] = {
          type: 'tool_call',
          tool_call: {
            id: call?.id,
            name: call?.name,
            args: call?.args ?? '',
            type: 'tool_call',
            progress: 0.1,
          },
        };
      }
      return;
    }
    case 'on_message_delta':
    case 'on_reasoning_delta': {
      const index = data.id === undefined ? undefined : fold.steps[data.id];
      if (index === undefined) return;
      const key = event.event === 'on_message_delta' ? 'text' : 'think';
      let added = '';
      for (const piece of data.delta?.content ?? []) added += piece[key] ?? '';
      const part = content[index];
      content[index] = { ...part, type: key, [key]: textOf(part, key) + added };
      return;
    }
    case 'on_run_step_delta': {
      const index = data.id === undefined ? undefined : fold.steps[data.id];
      const part = index === undefined ? undefined : content[index];
      if (index === undefined || part?.type !== 'tool_call') return;
      const call = part.tool_call as Record<string, unknown>;
      const args = (data.delta?.tool_calls ?? []).map((c) => c.args ?? '').join('');
      // A tool waiting for the user's sign-in keeps the link until its call completes.
      const auth = data.delta?.auth ? { auth: data.delta.auth, expires_at: data.delta.expires_at } : {};
      // A running call's progress report moves its bar and says what it is doing.
      const progress = {
        ...(typeof data.delta?.progress === 'number' ? { progress: data.delta.progress } : {}),
        ...(data.delta?.progress_message !== undefined
          ? { progress_message: data.delta.progress_message }
          : {}),
      };
      content[index] = {
        ...part,
        tool_call: {
          ...call,
          args: String(call.args ?? '') + args,
          ...auth,
          ...progress,
          // A call paused for the user's approval or answer keeps what it waits for.
          ...(data.delta?.approval ? { approval: { ...data.delta.approval } } : {}),
        },
      };
      return;
    }
    case 'on_run_step_completed': {
      if (!data.result) return;
      content[data.result.index] = { type: 'tool_call', tool_call: { ...data.result.tool_call } };
      return;
    }
    case 'on_agent_update': {
      const update = data.agent_update;
      if (update?.index === undefined || !update.agentId) return;
      content[update.index] = { type: 'agent_update', agent_update: { ...update } };
      return;
    }
    case 'on_content_part': {
      // Only pictures come as whole parts; anything else is not a part this fold knows.
      if (data.index === undefined || data.part?.type !== 'image_file' || !data.part.image_file) return;
      content[data.index] = { type: 'image_file', image_file: { ...data.part.image_file } };
      return;
    }
    default:
      return;
  }
}
