import type { LimitType } from '@parley/schema';
import type { Bus } from '../../bus/bus.ts';
import { AppError } from '../../errors/app-error.ts';
import { violatorsOf, type ViolationBans } from './violation-bans.ts';

/** At most `max` attempts per `windowMs`, counted per key; `max` 0 turns the rule off. */
export interface LimitRule {
  type: LimitType;
  max: number;
  windowMs: number;
  /** What is being limited, for the message: "login attempts". */
  what: string;
  /** The counter's name when it differs from `type` (two rules of one catalogue type). */
  counter?: string;
}

/** A refusal `{message, code: 'rate_limited', type}` whose `type` names the limit reached (LIMIT_TYPES). */
export class RateLimitError extends AppError {
  constructor(
    readonly rule: LimitRule,
    readonly retryAfterMs: number,
  ) {
    super('rate_limited', tooManyMessage(rule), {
      type: rule.type,
      retryAfter: Math.ceil(retryAfterMs / 1000),
      // The client words message_limit as "a cap of {max} message(s) per {windowInMinutes} minute(s)".
      ...(rule.type === 'message_limit'
        ? { max: rule.max, windowInMinutes: Math.max(1, Math.round(rule.windowMs / 60_000)) }
        : {}),
    });
    this.name = 'RateLimitError';
  }
}

function tooManyMessage(rule: LimitRule): string {
  const minutes = Math.max(1, Math.round(rule.windowMs / 60_000));
  return `Too many ${rule.what}, please try again after ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/**
 * Fixed-window counters kept in the Bus, so every instance sees the same counts. Each attempt
 * counts against every key given (e.g. the IP and the email address); any key over its limit
 * refuses the attempt.
 */
export class RateLimiter {
  constructor(
    private readonly bus: Bus,
    /** Where refused attempts count as violations; without it they only refuse. */
    private readonly bans?: ViolationBans,
    private readonly prefix = 'rate',
  ) {}

  /**
   * Counts one attempt; throws RateLimitError when a key is over the limit. A refusal is a
   * violation of the `ip:` and `user:` keys, or of `violators` when the keys are compound ones.
   */
  async hit(rule: LimitRule, keys: (string | null | undefined)[], violators?: string[]): Promise<void> {
    if (rule.max <= 0) return;
    const unique = [...new Set(keys.filter((k): k is string => Boolean(k)))];
    for (const key of unique) {
      const counter = `${this.prefix}:${rule.counter ?? rule.type}:${key}`;
      const count = await this.bus.incr(counter, rule.windowMs);
      if (count <= rule.max) continue;
      await this.bans?.record(rule.type, violators ?? violatorsOf(unique));
      throw new RateLimitError(rule, await this.bus.ttl(counter));
    }
  }

  /**
   * Takes back one counted attempt that turned out right, so that a limit on guesses counts only
   * the wrong ones. Counting first and refunding after keeps concurrent guesses counted (each one
   * holds its place until it is known to be right); a counter that already expired is left alone
   * rather than started below zero.
   */
  async refund(rule: LimitRule, keys: (string | null | undefined)[]): Promise<void> {
    if (rule.max <= 0) return;
    for (const key of new Set(keys.filter((k): k is string => Boolean(k)))) {
      const counter = `${this.prefix}:${rule.counter ?? rule.type}:${key}`;
      if ((await this.bus.ttl(counter)) > 0) await this.bus.incr(counter, rule.windowMs, -1);
    }
  }

  /** Forgets the attempts of a key (e.g. after an administrator lifts a block). */
  async reset(rule: LimitRule, key: string): Promise<void> {
    await this.bus.del(`${this.prefix}:${rule.counter ?? rule.type}:${key}`);
  }
}
