import type { PendingToolApproval } from '@parley/schema';

/** A tool call as saved in an answer's content: all fields optional while it streams. */
export interface ToolCall {
  id?: string;
  name?: string;
  args?: unknown;
  output?: unknown;
  /** 0 to 1; a call the stream has only announced is at 0.1. */
  progress?: number;
  /** What a running call is doing, as its tool last reported (an MCP server's progress message). */
  progress_message?: string;
  /** Set when the tool needs the person to sign in or give credentials first. */
  auth?: string;
  /** When the sign-in offer ends, in milliseconds since the epoch (the server sends Date.now() + its wait). */
  expires_at?: number;
  /** Set while the call waits for the person's approval or answer (docs/protocol.md). */
  approval?: PendingToolApproval;
}

/** The spec's default progress of a call that has no progress of its own yet. */
export const DEFAULT_TOOL_PROGRESS = 0.1;

/** The marker a tool's output carries when the tool failed (the server writes it). */
const TOOL_ERROR_MARKER = 'error processing tool';

export type ToolCallState = 'running' | 'auth' | 'done' | 'error' | 'cancelled';

export function outputText(output: unknown): string {
  if (output === undefined || output === null) return '';
  return typeof output === 'string' ? output : JSON.stringify(output, null, 2);
}

/**
 * Where a call stands: failed when its output says "error processing tool";
 * finished at progress 1; while the answer streams, running — or waiting for the person's sign-in
 * when it carries an auth link that has not expired; once the answer stopped below progress 1,
 * cancelled.
 */
export function toolCallState(call: ToolCall, submitting: boolean, now = Date.now()): ToolCallState {
  if (outputText(call.output).toLowerCase().includes(TOOL_ERROR_MARKER)) return 'error';
  if ((call.progress ?? DEFAULT_TOOL_PROGRESS) >= 1) return 'done';
  if (!submitting) return 'cancelled';
  const authOpen = Boolean(call.auth) && (call.expires_at === undefined || call.expires_at > now);
  return authOpen ? 'auth' : 'running';
}

/** Arguments as the person reads them: JSON pretty-printed, anything else as it came. */
export function argsText(args: unknown): string {
  if (args === undefined || args === null || args === '') return '';
  if (typeof args !== 'string') return JSON.stringify(args, null, 2);
  try {
    return JSON.stringify(JSON.parse(args), null, 2);
  } catch {
    return args;
  }
}

/**
 * The `auth` of a call waiting for credentials the person stores in Parley itself (an API key):
 * `plugin:<pluginKey>`, answered with that tool's credential dialog.
 */
const CREDENTIALS_AUTH_PREFIX = 'plugin:';

/** The tool whose credentials a call waits for, when its auth names one. */
export function credentialsPluginKey(auth: string | undefined): string | null {
  return auth?.startsWith(CREDENTIALS_AUTH_PREFIX) ? auth.slice(CREDENTIALS_AUTH_PREFIX.length) : null;
}

/** A sign-in link the browser may open: http(s) only, never javascript: or data:. */
export function authLink(auth: string | undefined): string | null {
  if (!auth) return null;
  try {
    const url = new URL(auth);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The server whose sign-in a step is: before a run can offer an MCP server's tools the user must
 * sign in to, the server adds a step named `oauth_mcp_<server>` that waits for that sign-in.
 */
export function signInStepServer(name: string | undefined): string | null {
  return name?.startsWith(SIGN_IN_STEP_PREFIX) ? name.slice(SIGN_IN_STEP_PREFIX.length) || null : null;
}

const SIGN_IN_STEP_PREFIX = 'oauth_mcp_';

/** The size of the sign-in popup: the authorization pages of most providers fit it. */
const SIGN_IN_POPUP = 'popup,width=520,height=720';

/**
 * Opens a sign-in link in a popup (the spec's OAuth flow: it ends on oauth/success, which closes
 * itself). Without an opener the page cannot reach back into Parley's.
 */
export function openSignInPopup(link: string): void {
  window.open(link, '_blank', `noopener,${SIGN_IN_POPUP}`);
}
