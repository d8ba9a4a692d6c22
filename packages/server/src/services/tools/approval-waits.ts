import type { ToolApprovalPolicy } from '@parley/schema';
import type { Bus } from '../../bus/bus.ts';

/** What a paused call waits for: a decision on the call, or an answer to a question. */
export type WaitKind = 'approve' | 'question';

/** What the user sent for a paused call. */
export type UserReply = { decision: 'approve' | 'deny'; remember?: boolean } | { answer: string };

/** How a wait ended: the user's reply, nobody in time, or the run was stopped. */
export type WaitOutcome = UserReply | 'expired' | 'stopped';

/** Why a reply was not taken: nothing of the caller's waits under that id, or it is answered already. */
export type ReplyRefusal = 'missing' | 'wrong-kind' | 'answered';

/** A remembered "always in this conversation" lasts this long (it is a Bus key, not a row). */
export const REMEMBER_TTL_MS = 30 * 24 * 3600_000;

interface WaitRecord {
  userId: string;
  kind: WaitKind;
}

const waitKey = (cid: string, callId: string) => `approval:wait:${cid}:${callId}`;
const takenKey = (cid: string, callId: string) => `approval:taken:${cid}:${callId}`;
const replyChannel = (cid: string, callId: string) => `approval:reply:${cid}:${callId}`;
const rememberKey = (cid: string, tool: string) => `approval:remember:${cid}:${tool}`;

/**
 * Paused tool calls, shared by every instance through the Bus: the run waits on the instance
 * that runs it, subscribed to its call's channel, while the reply may reach any instance. A wait
 * is a key naming whose it is (so a reply from anyone else finds nothing) and a channel the reply
 * is published on; a one-time key makes a second reply to the same call a refusal.
 */
export class ApprovalWaits {
  constructor(private readonly bus: Bus) {}

  /**
   * Waits for the user's reply to the call until `expiresAt` or the signal. The subscription is
   * open before the wait is announced, so a reply cannot come between the two unseen.
   */
  async wait(
    wait: { userId: string; conversationId: string; callId: string; kind: WaitKind },
    expiresAt: number,
    signal: AbortSignal,
  ): Promise<WaitOutcome> {
    const { conversationId: cid, callId } = wait;
    let settle!: (outcome: WaitOutcome) => void;
    const outcome = new Promise<WaitOutcome>((resolve) => (settle = resolve));
    const unsubscribe = await this.bus.subscribe(replyChannel(cid, callId), (message) => {
      const reply = parseReply(message);
      if (reply) settle(reply);
    });
    const ttl = Math.max(1, expiresAt - Date.now());
    const record: WaitRecord = { userId: wait.userId, kind: wait.kind };
    // A reply to an earlier call that had the same id (models reuse ids across runs) is forgotten.
    await this.bus.del(takenKey(cid, callId));
    await this.bus.set(waitKey(cid, callId), JSON.stringify(record), ttl + 5_000);
    const timer = setTimeout(() => settle('expired'), ttl);
    const stop = () => settle('stopped');
    if (signal.aborted) stop();
    signal.addEventListener('abort', stop, { once: true });
    try {
      return await outcome;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
      await this.bus.del(waitKey(cid, callId)).catch(() => undefined);
      await unsubscribe().catch(() => undefined);
    }
  }

  /**
   * Delivers the caller's reply to their paused call. Refused when no call of the caller waits
   * under that id in that conversation (`missing`: another user's looks the same), when the reply
   * is of the other kind, or when the call was answered already.
   */
  async reply(
    userId: string,
    conversationId: string,
    callId: string,
    reply: UserReply,
  ): Promise<ReplyRefusal | null> {
    const raw = await this.bus.get(waitKey(conversationId, callId));
    const record = raw ? (JSON.parse(raw) as WaitRecord) : null;
    if (!record || record.userId !== userId) return 'missing';
    if (record.kind !== ('answer' in reply ? 'question' : 'approve')) return 'wrong-kind';
    const ttl = await this.bus.ttl(waitKey(conversationId, callId));
    if (!(await this.bus.setIfAbsent(takenKey(conversationId, callId), '1', Math.max(ttl, 1_000))))
      return 'answered';
    await this.bus.publish(replyChannel(conversationId, callId), JSON.stringify(reply));
    return null;
  }

  /** What the user chose "always in this conversation" for a tool, if they did. */
  async remembered(conversationId: string, tool: string): Promise<ToolApprovalPolicy | null> {
    const value = await this.bus.get(rememberKey(conversationId, tool));
    return value === 'run' || value === 'never' ? value : null;
  }

  async remember(conversationId: string, tool: string, policy: 'run' | 'never'): Promise<void> {
    await this.bus.set(rememberKey(conversationId, tool), policy, REMEMBER_TTL_MS);
  }
}

function parseReply(message: string): UserReply | null {
  try {
    const value = JSON.parse(message) as Record<string, unknown>;
    if (typeof value.answer === 'string') return { answer: value.answer };
    if (value.decision === 'approve' || value.decision === 'deny')
      return { decision: value.decision, ...(value.remember === true ? { remember: true } : {}) };
  } catch {
    // Only this class publishes here; anything else is ignored.
  }
  return null;
}
