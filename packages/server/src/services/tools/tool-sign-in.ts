import type { Tool } from './tool.ts';

/** How a sign-in a tool call waited for ended. */
export type SignInOutcome = 'signed-in' | 'cancelled' | 'failed';

/**
 * Thrown by a tool's `run` when the user must sign in (OAuth) before it can work: an MCP server
 * that answers 401 and whose token could not be refreshed, an action whose user has no token yet.
 * The tool loop shows `link` on the call (the "requires auth" state), waits for the sign-in keyed
 * `key` to end, and runs the tool once more when it succeeded.
 */
export class SignInRequired extends Error {
  constructor(
    /** What the user signs in to, per user: `mcp:<server>`, `action:<action id>`. */
    readonly key: string,
    /** The authorization URL to open; null when none could be made (the call then fails). */
    readonly link: string | null,
    /** What the user signs in to, in words. */
    readonly what: string,
  ) {
    super(`Sign in to ${what} first`);
  }
}

/**
 * Tools the user cannot be offered before signing in: the run was asked for an MCP server's tools
 * but the server will not even list them until the user signed in. The tool loop runs `connect`
 * as a call of its own before the first model call (named `name`, so the user sees what it is
 * for); it throws SignInRequired while a sign-in is needed, and answers the tools once it worked.
 */
export interface ToolSignIn {
  /** The sign-in step's name: `oauth_mcp_<server>`. */
  name: string;
  /** What the user signs in to, in words. */
  what: string;
  connect(): Promise<Tool[]>;
}

/** The name of the step that signs a user in to an MCP server before a run (LibreChat's). */
export const signInStepName = (server: string) => `oauth_mcp_${server}`;

type Waiter = (outcome: SignInOutcome) => void;

/**
 * The sign-ins tool calls wait for, per user and key. The OAuth callbacks (MCP's, actions') and
 * the cancel call settle them, which wakes exactly that user's calls waiting on that key; another
 * user's sign-in to the same server wakes nothing of theirs. Kept in this process, like the
 * pending OAuth flows themselves (their PKCE verifiers), so a callback must reach the instance that
 * started the sign-in.
 */
export class SignInWaits {
  private readonly waiting = new Map<string, Set<Waiter>>();

  /**
   * Waits until the user's sign-in `key` is settled, `deadline` (epoch ms) passes ('expired') or
   * `signal` fires ('stopped').
   */
  wait(
    userId: string,
    key: string,
    deadline: number,
    signal: AbortSignal,
  ): Promise<SignInOutcome | 'expired' | 'stopped'> {
    if (signal.aborted) return Promise.resolve('stopped');
    const id = waitKey(userId, key);
    return new Promise((resolve) => {
      const waiters = this.waiting.get(id) ?? new Set<Waiter>();
      this.waiting.set(id, waiters);
      const finish = (outcome: SignInOutcome | 'expired' | 'stopped') => {
        clearTimeout(timer);
        signal.removeEventListener('abort', stop);
        waiters.delete(waiter);
        if (waiters.size === 0 && this.waiting.get(id) === waiters) this.waiting.delete(id);
        resolve(outcome);
      };
      const waiter: Waiter = (outcome) => finish(outcome);
      const stop = () => finish('stopped');
      const timer = setTimeout(() => finish('expired'), Math.max(0, deadline - Date.now()));
      waiters.add(waiter);
      signal.addEventListener('abort', stop, { once: true });
    });
  }

  /** Ends the user's sign-in `key` for every call waiting on it; answers how many were waiting. */
  settle(userId: string, key: string, outcome: SignInOutcome): number {
    const waiters = this.waiting.get(waitKey(userId, key));
    if (!waiters) return 0;
    const woken = [...waiters];
    for (const wake of woken) wake(outcome);
    return woken.length;
  }

  /** How many calls of the user wait on `key` (tests). */
  waitingOn(userId: string, key: string): number {
    return this.waiting.get(waitKey(userId, key))?.size ?? 0;
  }
}

const waitKey = (userId: string, key: string) => `${userId}\u0000${key}`;
