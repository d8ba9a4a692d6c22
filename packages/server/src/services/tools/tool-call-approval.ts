import type { PendingToolApproval, ToolApprovalPolicy } from '@parley/schema';
import type { ProviderToolCall } from '../providers/provider.ts';
import type { ApprovalWaits } from './approval-waits.ts';
import { approvalPolicy } from './tool-approval-policy.ts';
import type { Tool } from './tool.ts';

/** How a run lets calls through: the agent's policies, whether its client can answer, the wait. */
export interface ApprovalSetup {
  /** The agent's `toolApproval`; absent in plain chats, where the tools' defaults apply. */
  policies?: Readonly<Record<string, ToolApprovalPolicy>>;
  /**
   * The client can answer a paused call (it opted in to resumable streams, as Parley's web app
   * does). Without it an `ask` call is declined at once and `ask_user` is refused, so no client
   * hangs on a question it cannot show.
   */
  interactive: boolean;
  waits: ApprovalWaits;
  /** How long a paused call waits for the user before the run ends. */
  waitMs: number;
}

/** The default wait for an approval or an answer (parley.yaml `endpoints.agents.toolApprovalTimeout`). */
export const DEFAULT_APPROVAL_WAIT_MS = 10 * 60_000;

/** A call paused for the user ran out of time: the run ends after this round, its answer saved. */
export class RunEndedWaiting extends Error {}

/** What an `ask` call says to a client that cannot approve it. */
export const NEEDS_APPROVAL_IN_APP =
  'it needs the user’s approval, which can only be given in Parley’s app; it was not run';

/** What the model reads when the user declined a call. */
export const declinedOutput = (name: string) =>
  `The user declined this call of ${name}; it was not run. Go on without it, or ask the user what they would like instead.`;

/** What a call's gate needs of the run: its approval setup, whose call it is, and the stream. */
export interface GateScope {
  userId: string;
  conversationId: string;
  signal: AbortSignal;
  approval?: ApprovalSetup;
  /** Tells the stream the call waits for the user (or, with `expires_at` now, no longer does). */
  waitsForUser?(callId: string, pending: PendingToolApproval): void;
}

/** Why the gate did not let a call run: the output the model and user see, or a stop. */
export type GateRefusal = { output: string; endRun?: boolean } | { cancelled: true };

/**
 * Decides whether a call runs: at once (`run`, or what the user chose "always in this
 * conversation"), never, or after the user approved it. A denied call becomes an output telling
 * the model so; an approval nobody gave in time ends the run.
 */
export async function gateCall(
  call: ProviderToolCall,
  tool: Tool,
  scope: GateScope,
  refuse: (reason: string) => { output: string },
): Promise<'run' | GateRefusal> {
  // ask_user is itself a question to the user; asking to ask would be noise.
  if (tool.waitsForUser) return 'run';
  const setup = scope.approval;
  let policy = approvalPolicy(tool, setup?.policies);
  if (policy === 'ask' && setup)
    policy = (await setup.waits.remembered(scope.conversationId, tool.name)) ?? 'ask';
  if (policy === 'run') return 'run';
  if (policy === 'never') return refuse('its settings do not allow it to run');
  if (!setup?.interactive) return refuse(NEEDS_APPROVAL_IN_APP);
  const outcome = await waitForUser(call.id, { kind: 'approve' }, scope, setup);
  if (outcome === 'stopped') return { cancelled: true };
  if (outcome === 'expired')
    return { ...refuse('nobody approved it in time, so the run ended'), endRun: true };
  if ('answer' in outcome) return refuse('it was answered as a question');
  if (outcome.remember)
    await setup.waits.remember(
      scope.conversationId,
      tool.name,
      outcome.decision === 'approve' ? 'run' : 'never',
    );
  return outcome.decision === 'approve' ? 'run' : { output: declinedOutput(tool.name) };
}

/**
 * The `ask` a tool's context gets: shows the question on the call and waits for the answer.
 * Nobody in time ends the run (`RunEndedWaiting`); a stop rejects with the signal's reason.
 */
export function questionAsker(
  callId: string,
  scope: GateScope,
): ((question: string, choices: readonly string[]) => Promise<string>) | undefined {
  const setup = scope.approval;
  if (!setup?.interactive) return undefined;
  return async (question, choices) => {
    const pending = {
      kind: 'question' as const,
      question,
      ...(choices.length ? { choices: [...choices] } : {}),
    };
    const outcome = await waitForUser(callId, pending, scope, setup);
    if (outcome === 'stopped') throw scope.signal.reason;
    if (outcome === 'expired') throw new RunEndedWaiting('nobody answered in time, so the run ended');
    if (!('answer' in outcome)) throw new Error('the reply was not an answer');
    return outcome.answer;
  };
}

/** Announces the pause, waits, and withdraws the announcement (unless the run was stopped). */
async function waitForUser(
  callId: string,
  pending: Omit<PendingToolApproval, 'expires_at'>,
  scope: GateScope,
  setup: ApprovalSetup,
) {
  const expiresAt = Date.now() + setup.waitMs;
  scope.waitsForUser?.(callId, { ...pending, expires_at: expiresAt });
  const outcome = await setup.waits.wait(
    { userId: scope.userId, conversationId: scope.conversationId, callId, kind: pending.kind },
    expiresAt,
    scope.signal,
  );
  if (outcome !== 'stopped') scope.waitsForUser?.(callId, { ...pending, expires_at: Date.now() });
  return outcome;
}
