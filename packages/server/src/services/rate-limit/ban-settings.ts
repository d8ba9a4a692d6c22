import type { Env } from '../../config/env.ts';
import type { BanSettings } from './violation-bans.ts';

/** The ban rules from the environment (BAN_VIOLATIONS, BAN_DURATION, BAN_INTERVAL, *_SCORE). */
export function banSettings(env: Env): BanSettings {
  return {
    enabled: env.BAN_VIOLATIONS,
    durationMs: env.BAN_DURATION,
    threshold: env.BAN_INTERVAL,
    scores: {
      logins: env.LOGIN_VIOLATION_SCORE,
      registrations: env.REGISTRATION_VIOLATION_SCORE,
      concurrent: env.CONCURRENT_VIOLATION_SCORE,
      message_limit: env.MESSAGE_VIOLATION_SCORE,
      non_browser: env.NON_BROWSER_VIOLATION_SCORE,
    },
  };
}
