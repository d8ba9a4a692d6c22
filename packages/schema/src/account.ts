import { z } from 'zod';
import { accountEmail, accountName, accountUsername, password } from './auth.ts';

/**
 * The account page's own changes: profile, password, address. Each is a separate call, so a
 * mistake in one field never blocks another.
 */

/** A BCP 47 language tag as the web app's locales name them (`en`, `pt-BR`, `zh-Hant`). */
const languageTag = z
  .string()
  .trim()
  .max(35, 'Language must be at most 35 characters')
  .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'Language must be a language tag such as en or pt-BR');

/** `PATCH /api/user`: any of these, at least one. `null` language/figures go back to the default. */
export const updateProfileSchema = z
  .object({
    name: accountName.optional(),
    username: accountUsername.optional(),
    language: languageTag.nullable().optional(),
    showAnswerFigures: z.boolean().nullable().optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type UpdateProfilePayload = z.infer<typeof updateProfileSchema>;

/** The password field that proves the caller is the account's holder. */
const currentPassword = z
  .string({ error: 'Current password is required' })
  .min(1, 'Current password is required')
  .max(128);

/** `POST /api/user/password`: the current password, then the new one twice. */
export const changePasswordSchema = z
  .object({
    currentPassword,
    password,
    confirm_password: z.string({ error: 'Confirm password is required' }),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: 'passwords do not match',
    path: ['confirm_password'],
  });
export type ChangePasswordPayload = z.infer<typeof changePasswordSchema>;

/**
 * `POST /api/user/email`: the new address, and the current password when the account has one (an
 * address is what password resets are sent to, so changing it is as strong as the password).
 */
export const changeEmailSchema = z.object({
  email: accountEmail,
  currentPassword: currentPassword.optional(),
});
export type ChangeEmailPayload = z.infer<typeof changeEmailSchema>;

/** What `POST /api/user/email` answers: done at once, or waiting for the link mailed to the new address. */
export const changeEmailAnswerSchema = z.object({
  status: z.enum(['changed', 'verification_sent']),
  message: z.string(),
});
export type ChangeEmailAnswer = z.infer<typeof changeEmailAnswerSchema>;
