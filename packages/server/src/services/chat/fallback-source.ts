import type { FailedModel, FallbackModelName } from '@parley/schema';
import type { AnswerEvent } from '../generation/answer-event.ts';
import { singleModelCall, type AnswerSource, type ModelCall } from '../generation/model-call.ts';
import type { Provider } from '../providers/provider.ts';
import { unavailableReason } from './unavailable-failure.ts';

type ReadyCall = ModelCall & { provider: Provider };

/**
 * How a generation went through its fallbacks: the models that failed before their first token
 * (in order) and the one that answered. The answer's save reads it once the source has ended.
 */
export class FallbackRecord {
  readonly failed: FailedModel[] = [];
  constructor(public answeredBy: FallbackModelName) {}

  get fellBack(): boolean {
    return this.failed.length > 0;
  }
}

export interface FallbackOptions {
  /** The fallbacks of the asked model, in the order they are tried. */
  candidates: readonly FallbackModelName[];
  /**
   * The call a fallback makes in place of the failed one, or null when it cannot be made (the
   * endpoint needs a key the user lacks, does not offer the model, the balance does not cover
   * its price): the next is tried. `from` is the model that failed, whose hold it replaces.
   */
  prepare(
    candidate: FallbackModelName,
    from: FallbackModelName,
    failed: ReadyCall,
  ): Promise<ReadyCall | null>;
  record: FallbackRecord;
  /** Counts a fallback (`parley_fallbacks_total`). */
  fellBack?(from: FailedModel, to: FallbackModelName): void;
}

/**
 * An answer source that gives the request to the next fallback model when the current one fails
 * before its first event with a failure that means it is unavailable (unavailableReason). Once a
 * model has streamed anything, its events pass through as they are, a later failure included:
 * the user saw part of that answer, which is saved unfinished rather than silently replaced.
 */
export function withFallbacks(
  source: AnswerSource = singleModelCall,
  options: FallbackOptions,
): AnswerSource {
  return async function* run(call, signal): AsyncIterable<AnswerEvent> {
    const queue = [...options.candidates];
    let current: ReadyCall = call;
    for (;;) {
      const iterator = source(current, signal)[Symbol.asyncIterator]();
      const first = await iterator.next();
      if (first.done) return;
      const event = first.value;
      const reason = event.type === 'error' && !signal.aborted ? unavailableReason(event.failure) : null;
      const next = reason ? await nextCall(queue, options, current) : null;
      if (!next || event.type !== 'error' || !reason) {
        yield event;
        for (let rest = await iterator.next(); !rest.done; rest = await iterator.next()) yield rest.value;
        return;
      }
      await iterator.return?.();
      const failed: FailedModel = {
        ...options.record.answeredBy,
        reason,
        ...(event.failure.status !== undefined ? { status: event.failure.status } : {}),
      };
      options.record.failed.push(failed);
      options.fellBack?.(failed, next.name);
      options.record.answeredBy = next.name;
      current = next.call;
    }
  };
}

async function nextCall(
  queue: FallbackModelName[],
  options: FallbackOptions,
  failed: ReadyCall,
): Promise<{ name: FallbackModelName; call: ReadyCall } | null> {
  while (queue.length > 0) {
    const name = queue.shift()!;
    const call = await options.prepare(name, options.record.answeredBy, failed);
    if (call) return { name, call };
  }
  return null;
}
