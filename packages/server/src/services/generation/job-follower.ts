import type { Bus } from '../../bus/bus.ts';
import { decodeEntry, isTerminal, type JobEntry } from './job-entry.ts';
import { jobKeys } from './job-keys.ts';
import { buildResumeState } from './resume-state.ts';

/** Where a follower delivers a job's events (an SSE response). */
export interface EventSink {
  message(json: string): void;
  error(json: string): void;
  /** An `event: attachment`: a file a tool made for the answer. */
  attachment(json: string): void;
  /** The job's last event was delivered. */
  end(): void;
}

export interface Following {
  /** Stops following (the client went away); the job goes on. */
  stop(): Promise<void>;
}

/**
 * Delivers a job's events to `sink` exactly once and in order, from the first (`resume: false`)
 * or from a `sync` snapshot of the answer so far (`resume: true`; a finished job delivers only its
 * last event). Subscribes before reading the log, then drops live entries the log already held.
 */
export async function followJob(
  bus: Bus,
  jobId: string,
  sink: EventSink,
  opts: { resume: boolean },
): Promise<Following> {
  let next = 0;
  let ended = false;
  let buffer: string[] | null = [];
  let unsubscribe: (() => Promise<void>) | null = null;

  const finish = () => {
    ended = true;
    sink.end();
    void unsubscribe?.();
  };
  const deliver = (entry: JobEntry | null) => {
    if (ended || !entry || entry.seq < next) return;
    next = entry.seq + 1;
    if (entry.kind === 'm' || entry.kind === 'f') sink.message(entry.json);
    else if (entry.kind === 'e') sink.error(entry.json);
    else if (entry.kind === 'a') sink.attachment(entry.json);
    if (isTerminal(entry.kind)) finish();
  };

  unsubscribe = await bus.subscribe(jobKeys.events(jobId), (raw) => {
    if (buffer) buffer.push(raw);
    else deliver(decodeEntry(raw));
  });
  const past = (await bus.range(jobKeys.log(jobId), 0)).map(decodeEntry).filter((e) => e !== null);
  if (!opts.resume) {
    for (const entry of past) deliver(entry);
  } else {
    const terminal = past.find((e) => isTerminal(e.kind));
    if (terminal) {
      deliver(terminal);
    } else {
      const resumeState = buildResumeState(past);
      if (resumeState) sink.message(JSON.stringify({ sync: true, resumeState }));
      // The snapshot holds the parts only: the files announced so far are sent again after it.
      for (const entry of past) if (entry.kind === 'a') sink.attachment(entry.json);
      next = past.length;
    }
  }
  const pending = buffer;
  buffer = null;
  for (const raw of pending) deliver(decodeEntry(raw));
  if (ended) await unsubscribe();
  return {
    stop: async () => {
      ended = true;
      await unsubscribe?.();
    },
  };
}

/** Resolves with the job's last entry (final or error), or null after `timeoutMs`. */
export function awaitTerminal(bus: Bus, jobId: string, timeoutMs: number): Promise<JobEntry | null> {
  return new Promise<JobEntry | null>((resolve) => {
    let settled = false;
    let following: Following | undefined;
    // Every delivered event overwrites this; the follower ends right after the last one.
    let last: JobEntry | null = null;
    const done = (entry: JobEntry | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void following?.stop();
      resolve(entry);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    const sink: EventSink = {
      message: (json) => (last = { kind: 'f', seq: 0, json }),
      error: (json) => (last = { kind: 'e', seq: 0, json }),
      // Only the last event matters here, and an attachment is never last.
      attachment: () => undefined,
      end: () => done(last),
    };
    void followJob(bus, jobId, sink, { resume: true }).then((f) => {
      following = f;
      if (settled) void f.stop();
    });
  });
}
