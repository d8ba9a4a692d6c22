import type { MemoryAttachment, MemoryStepAnswer } from '@parley/schema';
import type { Logger } from 'pino';
import type { Bus } from '../../bus/bus.ts';
import type { Database } from '../../db/client.ts';
import type { MemoryService } from './memory-service.ts';
import type { TokenUsage } from '../providers/provider.ts';
import { oneShotUsage, type CallCharger } from '../balance/call-usage.ts';
import { readMemoryAnswer } from './memory-step-answer.ts';
import { resolveMemoryModel, type MemoryModelDeps } from './memory-step-model.ts';
import { memoryStepMessages, type WindowMessage } from './memory-step-prompt.ts';
import { readMemoryAttachments, saveMemoryAttachments, type AnswerRef } from './memory-step-store.ts';

/** How long the memory model may take; a step still running then is given up (and logged). */
export const MEMORY_STEP_TIMEOUT_MS = 30_000;
/** How long the updates call waits for a running step before it answers `pending`. */
export const MEMORY_WAIT_MS = 20_000;
const PENDING_TTL_MS = MEMORY_STEP_TIMEOUT_MS + 10_000;

/** Bus names, so the updates call can wait on any instance for a step another one runs. */
const stepKeys = {
  pending: (messageId: string) => `memory-step:pending:${messageId}`,
  channel: (messageId: string) => `memory-step:${messageId}`,
};

/** Whether the memory step after this answer still runs (on any instance: the mark lives on the Bus). */
export async function memoryStepRunning(bus: Bus, messageId: string): Promise<boolean> {
  return (await bus.get(stepKeys.pending(messageId))) !== null;
}

/** The exchange a memory step reads: the answer just saved and the messages before it. */
export interface StepInput extends AnswerRef {
  /** The branch's messages before the answer, oldest first. */
  earlier: readonly WindowMessage[];
  answerText: string;
}

/**
 * The memory step after each exchange: a small model call (parley.yaml `memory.agent`) reads the
 * last `messageWindowSize` messages and the user's memories and answers which memories to set or
 * delete. It runs in the background after the answer is saved, so the answer never waits for it;
 * what it changed is saved on the answer (its `attachments`) and announced on the Bus, where the
 * updates call waits. Whatever goes wrong (no model, a failing or slow provider, an answer that is
 * not the JSON asked for) is logged and changes nothing; instructions the rules refuse (a key
 * past the limits, not a valid key, an over-budget total) are logged and never saved, the budget
 * refusals also shown to the user as the notice's errors.
 */
export class MemoryStep {
  private readonly running = new Set<Promise<void>>();
  /** Aborted on shutdown so pending model calls end at once. */
  private readonly stopping = new AbortController();

  constructor(
    private readonly deps: {
      db: Database;
      bus: Bus;
      logger: Logger;
      memories: MemoryService;
      model: MemoryModelDeps;
      /** Charges the step's model call to the user's balance and records its usage. */
      charge?: CallCharger;
    },
  ) {}

  /**
   * Starts the step for a saved answer. Marked pending before this returns, so an updates call
   * that comes right after the final event waits for it.
   */
  async begin(input: StepInput): Promise<void> {
    await this.deps.bus.set(stepKeys.pending(input.messageId), '1', PENDING_TTL_MS);
    const task = this.run(input).finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /**
   * `GET /api/messages/{conversationId}/{messageId}/memory`: the answer's memory changes, waiting
   * up to `timeoutMs` while its step runs. Null when the user has no such answer.
   */
  async updates(answer: AnswerRef, timeoutMs = MEMORY_WAIT_MS): Promise<MemoryStepAnswer | null> {
    const { bus, db } = this.deps;
    let wake!: () => void;
    const announced = new Promise<void>((resolve) => (wake = resolve));
    const unsubscribe = await bus.subscribe(stepKeys.channel(answer.messageId), () => wake());
    try {
      // Pending first: a step saves its changes before it stops being pending, so when it is not
      // pending (any more) the answer's saved attachments are final.
      const pending = await bus.get(stepKeys.pending(answer.messageId));
      const saved = await readMemoryAttachments(db, answer);
      if (saved === null) return null;
      if (!pending) return { pending: false, attachments: saved };
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>(
        (resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)),
      );
      const outcome = await Promise.race([announced, timedOut]);
      clearTimeout(timer);
      const attachments = (await readMemoryAttachments(db, answer)) ?? [];
      return { pending: outcome === 'timeout', attachments };
    } finally {
      await unsubscribe();
    }
  }

  /** Shutdown: cancels running steps and waits until they have let go of the database. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled([...this.running]);
  }

  private async run(input: StepInput): Promise<void> {
    const { logger } = this.deps;
    const where = { userId: input.userId, conversationId: input.conversationId, messageId: input.messageId };
    try {
      const attachments = await this.decideAndApply(input);
      if (attachments.length > 0) await saveMemoryAttachments(this.deps.db, input, attachments);
    } catch (err) {
      logger.warn({ err, ...where }, 'memory step failed; no memory was changed');
    } finally {
      await this.announce(input.messageId).catch((err: unknown) =>
        logger.warn({ err, ...where }, 'memory step could not announce its end'),
      );
    }
  }

  private async decideAndApply(input: StepInput): Promise<MemoryAttachment[]> {
    const { memories, logger } = this.deps;
    const { settings } = memories;
    const where = { userId: input.userId, conversationId: input.conversationId, messageId: input.messageId };
    const model = await resolveMemoryModel(this.deps.model, settings.agent!, input.userId);
    const current = await memories.current(input.userId);
    const total = current.reduce((sum, m) => sum + m.tokenCount, 0);
    const window = [...input.earlier, { isCreatedByUser: false, text: input.answerText }]
      .filter((m) => m.text.trim().length > 0)
      .slice(-settings.messageWindowSize);
    const messages = memoryStepMessages({
      instructions: model.instructions,
      memories: current,
      validKeys: settings.validKeys,
      tokensLeft: settings.tokenLimit === null ? null : Math.max(0, settings.tokenLimit - total),
      window,
    });
    let reported: TokenUsage | undefined;
    const text = await model.provider.complete({
      model: model.model,
      parameters: model.parameters,
      messages,
      signal: AbortSignal.any([AbortSignal.timeout(MEMORY_STEP_TIMEOUT_MS), this.stopping.signal]),
      onUsage: (usage) => (reported = usage),
    });
    await this.deps
      .charge?.(
        { ...where, endpoint: model.endpointName, model: model.model },
        oneShotUsage(model.model, messages, text, reported),
      )
      .catch((err: unknown) => logger.warn({ err, ...where }, 'memory step usage not recorded'));
    const read = readMemoryAnswer(text, settings.validKeys);
    if (!read.ok) {
      logger.warn(
        { ...where, reason: read.reason, model: model.model },
        "memory step: the model's answer was refused",
      );
      return [];
    }
    for (const refused of read.refused) {
      logger.warn({ ...where, ...refused, model: model.model }, 'memory step: an update was refused');
    }
    const artifacts = await memories.applyStep(input.userId, read.instructions);
    for (const artifact of artifacts.filter((a) => a.type === 'error')) {
      logger.warn(
        { ...where, key: artifact.key, limit: artifact.value },
        'memory step: the token limit refused an update',
      );
    }
    return artifacts.map((memory) => ({
      type: 'memory',
      memory,
      messageId: input.messageId,
      conversationId: input.conversationId,
    }));
  }

  private async announce(messageId: string): Promise<void> {
    await this.deps.bus.del(stepKeys.pending(messageId));
    await this.deps.bus.publish(stepKeys.channel(messageId), '');
  }
}
