import { TOOL_CREDENTIALS_AUTH_PREFIX, TOOL_ERROR_PREFIX } from '@parley/schema';
import type { z } from 'zod';
import type { ProviderToolCall } from '../providers/provider.ts';
import type { ParleyFile } from '@parley/schema';
import { ToolAnswerWithFiles, ToolAnswerWithImages, type Tool, type ToolProgress } from './tool.ts';
import { outputText } from './tool-output.ts';
import { hasNeededCredentials } from './tool-choices.ts';
import { SignInRequired, type SignInWaits } from './tool-sign-in.ts';
import { gateCall, questionAsker, RunEndedWaiting, type GateScope } from './tool-call-approval.ts';

/** How long one call may run when its tool sets no limit of its own. */
export const DEFAULT_TOOL_TIMEOUT_MS = 60_000;

/** Where a run reads the caller's stored credentials for a tool (decrypted, by field). */
export type CredentialSource = (userId: string, pluginKey: string) => Promise<Record<string, string>>;

/** How long a call that needs the user's credentials waits for them, and how often it looks. */
export interface AuthWait {
  waitMs: number;
  pollMs: number;
}

/** A call waiting for credentials gives the user this long to add them (LibreChat's OAuth wait). */
export const DEFAULT_AUTH_WAIT: AuthWait = { waitMs: 120_000, pollMs: 1_000 };

/** What every call of one run shares (the approval gate's needs among them). */
export interface ToolCallScope extends GateScope {
  userId: string;
  conversationId: string;
  /** The run's signal: fires when the user stops the answer. */
  signal: AbortSignal;
  credentials: CredentialSource;
  authWait: AuthWait;
  /** Where a call that needs an OAuth sign-in waits for its callback. */
  signIns: SignInWaits;
  /** Tells the stream the call waits for the user to sign in (the "requires auth" state). */
  needsAuth(callId: string, auth: string, expiresAt: number): void;
  /** Tells the stream how far a running call got. */
  progress?(callId: string, progress: ToolProgress): void;
}

/**
 * Progress reports of one call closer together than this are dropped (a chatty server floods),
 * unless the report's message changed.
 */
export const PROGRESS_INTERVAL_MS = 100;

/**
 * How one call ended: the output the user sees, or nothing when the run was stopped meanwhile.
 * `endRun`: the call waited for the user, who never came; the run ends after this round.
 */
export type CallOutcome =
  { output: string; images?: ParleyFile[]; files?: ParleyFile[]; endRun?: boolean } | { cancelled: true };

/** A failed call's output: the words clients recognise, the tool, and why. */
export const toolError = (name: string, reason: string): { output: string } => ({
  output: `${TOOL_ERROR_PREFIX} ${name}: ${reason}`,
});

/**
 * Runs one call a model made, never throwing: a tool that does not exist (or was not offered),
 * arguments that are not JSON or fail the tool's schema, missing credentials that never came, a
 * time-out and a tool that throws all become an error output the model reads and the user sees.
 */
export async function runToolCall(
  call: ProviderToolCall,
  tool: Tool | undefined,
  scope: ToolCallScope,
): Promise<CallOutcome> {
  if (!tool) return toolError(call.name, `there is no tool named "${call.name}" in this run`);
  const input = parseArguments(tool, call.args);
  if ('problem' in input) return toolError(tool.name, input.problem);
  const gate = await gateCall(call, tool, scope, (reason) => toolError(tool.name, reason));
  if (gate !== 'run') return gate;
  const credentials = await credentialsFor(tool, call.id, scope);
  if (credentials === 'cancelled') return { cancelled: true };
  if (credentials === null)
    return toolError(tool.name, 'it needs your credentials, and none were added in time');
  const reportProgress = scope.progress ? throttled(call.id, scope.progress) : undefined;
  const attempt = () => runOnce(tool, call.id, input.value, credentials, scope, reportProgress);
  let outcome = await attempt();
  if ('signIn' in outcome) {
    const signedIn = await signInFor(outcome.signIn, call.id, scope);
    if (signedIn === 'stopped') return { cancelled: true };
    if (signedIn !== 'signed-in') return toolError(tool.name, signedIn);
    outcome = await attempt();
    // Signed in and still refused: no second wait, the call says so.
    if ('signIn' in outcome)
      return toolError(tool.name, `${outcome.signIn.what} still asks for a sign-in after signing in`);
  }
  return outcome;
}

/** One run of the tool within its time limit; a sign-in it asks for is handed back, not waited for. */
async function runOnce(
  tool: Tool,
  callId: string,
  value: unknown,
  credentials: Record<string, string>,
  scope: ToolCallScope,
  reportProgress: ((progress: ToolProgress) => void) | undefined,
): Promise<CallOutcome | { signIn: SignInRequired }> {
  const timeoutMs = tool.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
  // A tool that waits for the user is limited by the approval wait, which ends the run.
  const timeout = tool.waitsForUser ? new AbortController().signal : AbortSignal.timeout(timeoutMs);
  const signal = AbortSignal.any([scope.signal, timeout]);
  const ask = tool.waitsForUser ? questionAsker(callId, scope) : undefined;
  try {
    const result = await untilAborted(
      tool.run(value, {
        userId: scope.userId,
        conversationId: scope.conversationId,
        credentials,
        signal,
        ...(reportProgress ? { reportProgress } : {}),
        ...(ask ? { ask } : {}),
      }),
      signal,
    );
    if (result instanceof ToolAnswerWithImages) return { output: result.text, images: result.images };
    if (result instanceof ToolAnswerWithFiles)
      return { output: outputText(result.value), ...(result.files.length ? { files: result.files } : {}) };
    return { output: outputText(result) };
  } catch (error) {
    if (scope.signal.aborted) return { cancelled: true };
    if (error instanceof SignInRequired) return { signIn: error };
    if (error instanceof RunEndedWaiting) return { ...toolError(tool.name, error.message), endRun: true };
    if (timeout.aborted) return toolError(tool.name, `it did not finish within ${timeoutMs / 1000} s`);
    return toolError(tool.name, error instanceof Error ? error.message : String(error));
  }
}

/**
 * Puts the call in the "requires auth" state with the sign-in link and waits for the user's
 * sign-in to end (the OAuth callback, a cancel, the wait's end or Stop). When it ends the offer is
 * withdrawn (its expiry set to now), so the call shows as running again while it retries. Answers
 * 'signed-in', 'stopped', or why the call cannot go on.
 */
async function signInFor(
  signIn: SignInRequired,
  callId: string,
  scope: ToolCallScope,
): Promise<'signed-in' | 'stopped' | string> {
  if (!signIn.link) return `it needs you to sign in to ${signIn.what}, and no sign-in link could be made`;
  const expiresAt = Date.now() + scope.authWait.waitMs;
  scope.needsAuth(callId, signIn.link, expiresAt);
  const outcome = await scope.signIns.wait(scope.userId, signIn.key, expiresAt, scope.signal);
  if (outcome === 'stopped') return outcome;
  scope.needsAuth(callId, signIn.link, Date.now());
  switch (outcome) {
    case 'signed-in':
      return outcome;
    case 'cancelled':
      return `the sign-in to ${signIn.what} was cancelled`;
    case 'failed':
      return `the sign-in to ${signIn.what} failed`;
    default:
      return `nobody signed in to ${signIn.what} in time`;
  }
}

/**
 * A call's progress reporter that passes on at most one report per PROGRESS_INTERVAL_MS (the first
 * at once), so a server that reports on every item cannot flood the stream and the saved answer.
 */
function throttled(
  callId: string,
  report: (callId: string, progress: ToolProgress) => void,
): (progress: ToolProgress) => void {
  let last = -Infinity;
  let lastMessage: string | undefined;
  return (progress) => {
    const now = Date.now();
    // A new message is a new step the user must see, however soon it follows the last one.
    if (now - last < PROGRESS_INTERVAL_MS && progress.message === lastMessage) return;
    last = now;
    lastMessage = progress.message;
    report(callId, progress);
  };
}

/** The arguments checked against the tool's schema, or what is wrong with them. */
function parseArguments(tool: Tool, args: string): { value: unknown } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(args || '{}');
  } catch {
    return { problem: 'its arguments are not valid JSON' };
  }
  const parsed = (tool.input as z.ZodType).safeParse(json);
  if (parsed.success) return { value: parsed.data };
  const issues = parsed.error.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
  return { problem: `its arguments do not match its schema (${issues.join('; ')})` };
}

/**
 * The caller's credentials for a tool that needs some. Missing ones put the call in the "requires
 * auth" state and wait, looking again every `pollMs`, until the user adds them (POST
 * /api/user/plugins) or the wait ends (null) or the run is stopped.
 */
async function credentialsFor(
  tool: Tool,
  callId: string,
  scope: ToolCallScope,
): Promise<Record<string, string> | null | 'cancelled'> {
  if (tool.authConfig.length === 0) return {};
  const complete = (stored: Record<string, string>) => hasNeededCredentials(tool, stored);
  const pluginKey = tool.credentialsKey ?? tool.name;
  let stored = await scope.credentials(scope.userId, pluginKey);
  if (complete(stored)) return stored;
  const expiresAt = Date.now() + scope.authWait.waitMs;
  scope.needsAuth(callId, TOOL_CREDENTIALS_AUTH_PREFIX + pluginKey, expiresAt);
  while (Date.now() < expiresAt) {
    if (!(await pause(Math.min(scope.authWait.pollMs, expiresAt - Date.now()), scope.signal)))
      return 'cancelled';
    stored = await scope.credentials(scope.userId, pluginKey);
    if (complete(stored)) return stored;
  }
  return null;
}

/** Waits `ms`; false when the signal fired first. */
function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve(true);
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

/**
 * The tool's promise, or a rejection as soon as the signal fires: a tool that ignores its signal
 * cannot hold the run (its late result is dropped).
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    if (signal.aborted) stop();
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}
