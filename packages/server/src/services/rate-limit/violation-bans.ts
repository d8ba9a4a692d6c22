import type { LimitType } from '@parley/schema';
import type { Bus } from '../../bus/bus.ts';
import { AppError } from '../../errors/app-error.ts';

/** The text the client shows for a ban, word for word as the product words it. */
export const BAN_MESSAGE = 'Your account has been temporarily banned due to violations of our service.';

export interface BanSettings {
  enabled: boolean;
  /** How long a ban lasts, and how long violations are remembered (ms). */
  durationMs: number;
  /** The violation score at which a ban starts. */
  threshold: number;
  /** Score of one violation of each kind; kinds not listed score 1. */
  scores: Partial<Record<LimitType, number>>;
}

/** A 403 `{message, type: 'ban'}`; `retryAfter` in seconds, as the rate-limit answers give it. */
export class BanError extends AppError {
  constructor(retryAfterMs: number) {
    super('banned', BAN_MESSAGE, { type: 'ban', retryAfter: Math.ceil(retryAfterMs / 1000) });
    this.name = 'BanError';
  }
}

/**
 * Temporary bans for repeated violations (refused logins, registrations, password resets…).
 * Scores and bans live in the Bus, so a client refused on one instance is banned on all.
 * Keys name the violator: `ip:…` or `user:…` — never an e-mail address, which anyone could
 * type to get somebody else banned.
 */
export class ViolationBans {
  constructor(
    private readonly bus: Bus,
    private readonly settings: BanSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /** Adds one violation of `type` to each violator; reaching the threshold bans it. */
  async record(type: LimitType, violators: string[]): Promise<void> {
    if (!this.settings.enabled || this.settings.threshold <= 0) return;
    const score = this.settings.scores[type] ?? 1;
    if (score <= 0) return;
    for (const violator of violators) {
      const total = await this.bus.incr(`violations:${violator}`, this.settings.durationMs, score);
      if (total < this.settings.threshold) continue;
      const until = this.now() + this.settings.durationMs;
      await this.bus.set(`ban:${violator}`, String(until), this.settings.durationMs);
      await this.bus.del(`violations:${violator}`);
    }
  }

  /** Throws BanError when any of the violators is banned now. */
  async check(violators: string[]): Promise<void> {
    if (!this.settings.enabled) return;
    for (const violator of violators) {
      const until = Number(await this.bus.get(`ban:${violator}`));
      const left = until - this.now();
      if (left > 0) throw new BanError(left);
    }
  }

  /** Lifts a ban and forgets the violations (an administrator's decision). */
  async lift(violator: string): Promise<void> {
    await this.bus.del(`ban:${violator}`);
    await this.bus.del(`violations:${violator}`);
  }
}

/** Only the keys that name who is acting: the IP and the signed-in user, never an e-mail. */
export function violatorsOf(keys: string[]): string[] {
  return keys.filter((key) => key.startsWith('ip:') || key.startsWith('user:'));
}
