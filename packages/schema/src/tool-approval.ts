import { z } from 'zod';

/**
 * How a tool call is let through: `run` at once, `ask` the user first (the run pauses until they
 * approve or deny), `never` (the call is declined without asking).
 */
export const TOOL_APPROVAL_POLICIES = ['run', 'ask', 'never'] as const;
export type ToolApprovalPolicy = (typeof TOOL_APPROVAL_POLICIES)[number];

export const toolApprovalPolicySchema = z.enum(TOOL_APPROVAL_POLICIES, {
  error: 'must be run, ask or never',
});

/** The built-in tool an agent calls to ask the user a question mid-run. */
export const ASK_USER_TOOL = 'ask_user';

/** The most choices an `ask_user` question may offer, and how long each may be. */
export const ASK_USER_LIMITS = { question: 2_000, choices: 10, choice: 200, answer: 4_000 } as const;

/**
 * What a paused tool call waits for, as its tool-call part keeps it (`tool_call.approval`) and the
 * stream's `on_run_step_delta` carries it: the user's decision on the call (`kind: "approve"`), or
 * their answer to an `ask_user` question. `expires_at` (epoch ms) is when the wait ends; once it
 * ended for any reason the server sends the same object with `expires_at` set to that moment.
 */
export interface PendingToolApproval {
  kind: 'approve' | 'question';
  expires_at: number;
  question?: string;
  choices?: string[];
}

const id = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(200, `${label} must be at most 200 characters`);

/** `POST /api/agents/chat/approve`: the user's decision on a call waiting for approval. */
export const toolApprovalRequestSchema = z.strictObject({
  conversationId: id('conversationId'),
  toolCallId: id('toolCallId'),
  decision: z.enum(['approve', 'deny'], { error: 'decision must be approve or deny' }),
  /** Decide the same for every later call of this tool in this conversation, without asking. */
  remember: z.boolean({ error: 'remember must be true or false' }).optional(),
});
export type ToolApprovalRequest = z.infer<typeof toolApprovalRequestSchema>;

/** `POST /api/agents/chat/answer`: the user's answer to an `ask_user` question. */
export const toolAnswerRequestSchema = z.strictObject({
  conversationId: id('conversationId'),
  toolCallId: id('toolCallId'),
  answer: z
    .string({ error: 'answer must be text' })
    .trim()
    .min(1, 'answer is required')
    .max(ASK_USER_LIMITS.answer, `answer must be at most ${ASK_USER_LIMITS.answer} characters`),
});
export type ToolAnswerRequest = z.infer<typeof toolAnswerRequestSchema>;

/** What a tool call's `approval` says once it is no longer pending (its `expires_at` is past). */
export function approvalPending(approval: PendingToolApproval | undefined, now: number): boolean {
  return approval !== undefined && approval.expires_at > now;
}
