import {
  foldStepEvents,
  type ContentPart,
  type ResumeState,
  type RunStepData,
  type StepEventLike,
} from '@parley/schema';
import type { JobEntry } from './job-entry.ts';

/** The `i` entry every job log starts with. */
export interface JobInit {
  responseMessageId: string;
  requestMessage: ResumeState['requestMessage'];
  /** The parts a continued answer starts from (empty for a new answer). */
  content: ContentPart[];
  /** Who answers: a client that re-attaches labels the answer with it (absent in older logs). */
  answer?: { sender: string; endpoint: string; model: string };
}

/**
 * Rebuilds the answer so far from a job's log entries, for a client that re-attaches: the same
 * parts the job itself holds, plus the run steps so later deltas can be matched to their part.
 */
export function buildResumeState(entries: JobEntry[]): (ResumeState & { runSteps: RunStepData[] }) | null {
  const first = entries[0];
  if (first?.kind !== 'i') return null;
  const init = JSON.parse(first.json) as JobInit;
  const events: StepEventLike[] = [];
  const runSteps: RunStepData[] = [];
  for (const entry of entries) {
    if (entry.kind !== 'm') continue;
    const event = JSON.parse(entry.json) as Partial<StepEventLike>;
    if (typeof event.event !== 'string') continue;
    events.push(event as StepEventLike);
    if (event.event === 'on_run_step') runSteps.push(event.data as RunStepData);
  }
  const fold = foldStepEvents(
    { responseMessageId: init.responseMessageId, content: init.content.map((p) => ({ ...p })), steps: {} },
    events,
  );
  return {
    responseMessageId: init.responseMessageId,
    requestMessage: init.requestMessage,
    content: fold.content.filter(Boolean),
    runSteps,
    ...(init.answer ?? {}),
  };
}
