import type { Message } from '@parley/schema';
import type { Bus } from '../../bus/bus.ts';
import { memoryStepRunning } from './memory-step.ts';

/**
 * Marks the conversation's newest answer `memoryPending: true` while the memory step after it
 * still runs, so a page loaded mid-step knows to wait for the memory notice (the final stream
 * event that says so went to the page before the reload). Only the newest answer: a step runs
 * right after its exchange, so an older answer's step has ended (or is about to).
 */
export async function markRunningMemoryStep(bus: Bus, list: Message[]): Promise<Message[]> {
  const newest = list
    .filter((m) => !m.isCreatedByUser)
    .reduce<Message | undefined>((last, m) => (!last || m.createdAt >= last.createdAt ? m : last), undefined);
  if (!newest || !(await memoryStepRunning(bus, newest.messageId))) return list;
  return list.map((m) => (m === newest ? { ...m, memoryPending: true as const } : m));
}
