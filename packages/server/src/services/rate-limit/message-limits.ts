import type { Env } from '../../config/env.ts';
import type { LimitRule } from './rate-limiter.ts';

const minutes = (n: number) => n * 60_000;

/**
 * Chat message rate limits (message_limit), per user and per IP (LibreChat's LIMIT_MESSAGE_USER,
 * MESSAGE_USER_MAX, MESSAGE_USER_WINDOW and the IP equivalents). A rule that is not turned on
 * has `max` 0, which the limiter skips.
 */
export function messageLimits(env: Env) {
  return {
    user: {
      type: 'message_limit',
      max: env.LIMIT_MESSAGE_USER ? env.MESSAGE_USER_MAX : 0,
      windowMs: minutes(env.MESSAGE_USER_WINDOW),
      what: 'messages',
    },
    ip: {
      type: 'message_limit',
      max: env.LIMIT_MESSAGE_IP ? env.MESSAGE_IP_MAX : 0,
      windowMs: minutes(env.MESSAGE_IP_WINDOW),
      what: 'messages from this IP',
    },
  } satisfies Record<string, LimitRule>;
}
