import type { Env } from '../../config/env.ts';
import type { LimitRule } from './rate-limiter.ts';

const minutes = (n: number) => n * 60_000;

/** The account rate limits, from the environment (LOGIN_MAX per LOGIN_WINDOW minutes, …). */
export function authLimits(env: Env) {
  return {
    /**
     * Failed sign-ins per account and IP (login-attempts.ts counts an attempt first and gives it
     * back when the password was right): a person who mistypes is slowed, an office behind one
     * address signing in at nine is not.
     */
    login: {
      type: 'logins',
      max: env.LOGIN_MAX,
      windowMs: minutes(env.LOGIN_WINDOW),
      what: 'login attempts',
    },
    /**
     * Every sign-in attempt from an IP, right or wrong, whatever the account: a ceiling against
     * one address trying a few passwords on many accounts, high enough for a shared NAT.
     */
    loginIp: {
      type: 'logins',
      counter: 'logins_ip',
      max: env.LOGIN_IP_MAX ?? env.LOGIN_MAX * 10,
      windowMs: minutes(env.LOGIN_WINDOW),
      what: 'login attempts from this IP',
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
    /**
     * Wrong codes (sign-in's second step, setup, disable, new backup codes) per account and IP: a
     * catalogue `logins` limit; a right code gives its count back.
     */
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
