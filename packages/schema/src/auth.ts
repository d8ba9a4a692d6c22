import { z } from 'zod';
import { WALLET_EMAIL_DOMAIN } from './wallet.ts';

/** Account payloads and their validation rules. */
export const password = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

/**
 * Parley makes up addresses for accounts that have none (a wallet's is `<address>@wallet.invalid`).
 * Nobody may set such an address themselves — else they could hold the account a wallet's first
 * sign-in would land in. The whole `.invalid` top-level domain is refused: it can never receive
 * mail, so no real person's address lies there, and any domain Parley mints later is covered.
 */
export const RESERVED_EMAIL_MESSAGE = `Addresses at .invalid domains (such as @${WALLET_EMAIL_DOMAIN}) are reserved for accounts Parley creates itself.`;

export function isReservedEmail(email: string): boolean {
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  return domain === 'invalid' || domain.endsWith('.invalid');
}

/** An account's display name, as registration and the account page accept it. */
export const accountName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(3, 'Name must be at least 3 characters')
  .max(80, 'Name must be at most 80 characters');

/** An optional handle: empty, or 2 to 80 characters. */
export const accountUsername = z
  .string()
  .trim()
  .max(80, 'Username must be at most 80 characters')
  .refine((v) => v.length === 0 || v.length >= 2, 'Username must be at least 2 characters');

/** An address a person may give their account: a real shape, never a reserved `.invalid` one. */
export const accountEmail = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(120, 'Email must be at most 120 characters')
  .pipe(z.email('Invalid email'))
  .refine((email) => !isReservedEmail(email), RESERVED_EMAIL_MESSAGE);

export const registerSchema = z
  .object({
    name: accountName,
    username: accountUsername.optional(),
    email: accountEmail,
    password,
    confirm_password: z.string({ error: 'Confirm password is required' }),
    token: z.string().max(512).optional(),
    /** The human check's answer, when the turnstile section is configured. */
    turnstileToken: z.string().max(2048).optional(),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: 'passwords do not match',
    path: ['confirm_password'],
  });
export type RegisterPayload = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(120),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
  /** The human check's answer, when the turnstile section is configured. */
  turnstileToken: z.string().max(2048).optional(),
  /**
   * Instead of an answer: the grant registration handed back, so the sign-in right after
   * registering needs no second human check (the provider accepts each answer only once).
   */
  humanCheckGrant: z.string().max(128).optional(),
});
export type LoginPayload = z.infer<typeof loginSchema>;

/** Forgot-password form: 3 to 120 characters of the text@text.text shape. */
export const requestPasswordResetSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(3, 'Email must be at least 3 characters')
    .max(120, 'Email must be at most 120 characters')
    .regex(/^\S+@\S+\.\S+$/, 'You must enter a valid email address'),
});

export const resetPasswordSchema = z
  .object({
    token: z
      .string({ error: 'Unable to process: No valid reset token' })
      .min(1, 'Unable to process: No valid reset token')
      .max(512),
    userId: z
      .string({ error: 'Unable to process: No valid user id' })
      .min(1, 'Unable to process: No valid user id')
      .max(64),
    password,
    confirm_password: z.string({ error: 'Confirm password is required' }),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: 'passwords do not match',
    path: ['confirm_password'],
  });
export type ResetPasswordPayload = z.infer<typeof resetPasswordSchema>;

export const verifyEmailSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1).max(120),
  token: z.string({ error: 'Token is required' }).min(1).max(512),
});
export const resendVerificationSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1).max(120),
});

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string(),
  avatar: z.string().nullable(),
  provider: z.string(),
  role: z.string(),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  termsAccepted: z.boolean(),
  plugins: z.array(z.string()),
  /** The interface language chosen on the account (a new browser opens in it); null: the browser's. */
  language: z.string().nullable(),
  /**
   * Whether the line of timings, tokens and credits shows under answers; null: the default, shown
   * only when balances are on.
   */
  showAnswerFigures: z.boolean().nullable(),
  /** A new address waiting for its verification link to be followed, when mail is on. */
  pendingEmail: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export interface LoginResult {
  user?: User;
  token?: string;
  twoFAPending?: boolean;
  tempToken?: string;
}

/** Answers of the account calls, for the web app's typed client. */
export const messageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

/** Registration's answer; `humanCheckGrant` only when the server verifies the human check. */
export const registerAnswerSchema = messageAnswerSchema.extend({ humanCheckGrant: z.string().optional() });
export type RegisterAnswer = z.infer<typeof registerAnswerSchema>;

/** POST /api/auth/login and POST /api/auth/refresh (the refresh token travels in the cookie). */
export const authAnswerSchema = z.object({ user: userSchema, token: z.string() });
export type AuthAnswer = z.infer<typeof authAnswerSchema>;

/** POST /api/auth/requestPasswordReset: `link` only when e-mail is not configured. */
export const requestPasswordResetAnswerSchema = z.object({
  message: z.string(),
  link: z.string().optional(),
});
export type RequestPasswordResetAnswer = z.infer<typeof requestPasswordResetAnswerSchema>;

/** POST /api/auth/logout: `redirect` only when the server has one configured. */
export const logoutAnswerSchema = z.object({ message: z.string(), redirect: z.string().optional() });
export type LogoutAnswer = z.infer<typeof logoutAnswerSchema>;

/** GET /api/user/terms. */
export const termsStatusSchema = z.object({ termsAccepted: z.boolean() });
export type TermsStatus = z.infer<typeof termsStatusSchema>;

/** 429 answers name the limit that refused the request in `type`. */
export const rateLimitAnswerSchema = z.object({
  message: z.string(),
  type: z.string(),
  retryAfter: z.number().optional(),
});

/**
 * Whether an account signs in by typing a password: its own (`local`) or its directory's
 * (`ldap`). Those accounts can add two-factor authentication; accounts of other external
 * providers rely on the provider's own second factor.
 */
export function signsInWithPassword(user: { provider: string }): boolean {
  return user.provider === 'local' || user.provider === 'ldap';
}
