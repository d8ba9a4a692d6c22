import type { ContentPart, SyncEvent } from '@parley/schema';
import type { JobEntry } from './job-entry.ts';

/** The `i` entry every job log starts with. */
export interface JobInit {
  responseMessageId: string;
  requestMessage: SyncEvent['resumeState']['requestMessage'];
  /** The parts a continued answer starts from (empty for a new answer). */
  content: ContentPart[];
}

interface StepData {
  id: string;
  index: number;
  type: string;
  stepDetails?: { tool_calls?: { id: string; name: string }[] };
}

interface DeltaData {
  id: string;
  delta: {
    content?: { type: string; text?: string; think?: string }[];
    tool_calls?: { args?: string }[];
  };
}

/**
 * Rebuilds the answer so far from a job's log entries, for a client that re-attaches: the same
 * parts the job itself holds, plus the run steps so later deltas can be matched to their part.
 */
export function buildResumeState(
  entries: JobEntry[],
): (SyncEvent['resumeState'] & { runSteps: StepData[] }) | null {
  const first = entries[0];
  if (first?.kind !== 'i') return null;
  const init = JSON.parse(first.json) as JobInit;
  const parts: ContentPart[] = init.content.map((p) => ({ ...p }));
  const runSteps: StepData[] = [];
  const indexOf = new Map<string, number>();
  for (const entry of entries) {
    if (entry.kind !== 'm') continue;
    const event = JSON.parse(entry.json) as { event?: string; data?: unknown };
    if (event.event === 'on_run_step') {
      const step = event.data as StepData;
      runSteps.push(step);
      indexOf.set(step.id, step.index);
      if (step.type === 'tool_calls') parts[step.index] ??= toolPart(step);
    } else if (event.event === 'on_message_delta' || event.event === 'on_reasoning_delta') {
      const data = event.data as DeltaData;
      const index = indexOf.get(data.id);
      if (index === undefined) continue;
      for (const c of data.delta.content ?? []) {
        // A message step's part takes the type of its first delta (text or think).
        const part = (parts[index] ??=
          c.type === 'think' ? { type: 'think', think: '' } : { type: 'text', text: '' });
        if (c.type === 'text') part.text = String(part.text ?? '') + (c.text ?? '');
        if (c.type === 'think') part.think = String(part.think ?? '') + (c.think ?? '');
      }
    } else if (event.event === 'on_run_step_delta') {
      const data = event.data as DeltaData;
      const call = parts[indexOf.get(data.id) ?? -1]?.tool_call as { args: string } | undefined;
      if (call) call.args += data.delta.tool_calls?.map((t) => t.args ?? '').join('') ?? '';
    }
  }
  return {
    responseMessageId: init.responseMessageId,
    requestMessage: init.requestMessage,
    content: parts.filter(Boolean),
    runSteps,
  };
}

function toolPart(step: StepData): ContentPart {
  const call = step.stepDetails?.tool_calls?.[0];
  return {
    type: 'tool_call',
    tool_call: { id: call?.id, name: call?.name, args: '', type: 'tool_call', progress: 0.1 },
  };
}
