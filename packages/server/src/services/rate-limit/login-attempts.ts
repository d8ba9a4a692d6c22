import type { AuthLimits } from './auth-limits.ts';
import type { RateLimiter } from './rate-limiter.ts';

/** Who is signing in, for the login limits: the client's address and the account name typed. */
export interface LoginAttempt {
  ip: string;
  /** Normalised address or directory name; empty when the form carried none. */
  account: string;
}

/** The failure counter's key: one account from one address (a colleague's typos lock out nobody else). */
const accountKey = (attempt: LoginAttempt) =>
  attempt.account ? `account:${attempt.account.slice(0, 200)}|ip:${attempt.ip}` : `ip:${attempt.ip}`;

/**
 * Counts a password sign-in before the password is checked: against the address's ceiling on
 * all attempts, and against the (account, address) allowance of failures. Counting before the
 * check keeps concurrent guesses counted; forgiveLoginAttempt gives back the second count once
 * the password proves right.
 */
export async function countLoginAttempt(
  limiter: RateLimiter,
  limits: AuthLimits,
  attempt: LoginAttempt,
): Promise<void> {
  await limiter.hit(limits.loginIp, [`ip:${attempt.ip}`]);
  // A refusal is a violation of the address (the one the ban rules know), not of the pair.
  await limiter.hit(limits.login, [accountKey(attempt)], [`ip:${attempt.ip}`]);
}

/** A right password: the attempt no longer counts as a failure (it still counts on the ceiling). */
export async function forgiveLoginAttempt(
  limiter: RateLimiter,
  limits: AuthLimits,
  attempt: LoginAttempt,
): Promise<void> {
  await limiter.refund(limits.login, [accountKey(attempt)]);
}
