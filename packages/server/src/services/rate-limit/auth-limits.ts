import type { Env } from '../../config/env.ts';
import type { LimitRule } from './rate-limiter.ts';

const minutes = (n: number) => n * 60_000;

/** The account rate limits, from the environment (LOGIN_MAX per LOGIN_WINDOW minutes, …). */
export function authLimits(env: Env) {
  return {
    login: {
      type: 'logins',
      max: env.LOGIN_MAX,
      windowMs: minutes(env.LOGIN_WINDOW),
      what: 'login attempts',
    },
    register: {
      type: 'registrations',
      max: env.REGISTER_MAX,
      windowMs: minutes(env.REGISTER_WINDOW),
      what: 'accounts created from this IP',
    },
    resetPassword: {
      type: 'reset_password_limit',
      max: env.RESET_PASSWORD_MAX,
      windowMs: minutes(env.RESET_PASSWORD_WINDOW),
      what: 'password reset requests',
    },
    /** Code checks (sign-in's second step, setup, disable, new backup codes): a catalogue `logins` limit. */
    twoFactor: {
      type: 'logins',
      counter: 'two_factor',
      max: env.TWO_FACTOR_MAX,
      windowMs: minutes(env.TWO_FACTOR_WINDOW),
      what: 'two-factor code attempts',
    },
    /**
     * Passkey sign-in challenges handed out to an address. A page may ask again whenever the
     * person retries, so the allowance is a few times the sign-in attempts'.
     */
    passkeyOptions: {
      type: 'logins',
      counter: 'passkey_options',
      max: env.LOGIN_MAX * 4,
      windowMs: minutes(env.LOGIN_WINDOW),
      what: 'passkey sign-in requests',
    },
    /** Wallet sign-in challenges handed out to an address: as generous as passkey challenges. */
    walletNonce: {
      type: 'logins',
      counter: 'wallet_nonce',
      max: env.LOGIN_MAX * 4,
      windowMs: minutes(env.LOGIN_WINDOW),
      what: 'wallet sign-in requests',
    },
    verifyEmail: {
      type: 'verify_email_limit',
      max: env.VERIFY_EMAIL_MAX,
      windowMs: minutes(env.VERIFY_EMAIL_WINDOW),
      what: 'verification email requests',
    },
  } satisfies Record<string, LimitRule>;
}
export type AuthLimits = ReturnType<typeof authLimits>;
