import { z } from 'zod';
import { userSchema } from './auth.ts';

/** Two-factor sign-in. */
export const TWO_FACTOR_CODE_LENGTH = 6;
export const BACKUP_CODE_LENGTH = 8;
export const BACKUP_CODE_COUNT = 10;
export const BACKUP_CODES_FILE_NAME = 'backup-codes.txt';
/** How long the second step of a sign-in may wait for its code. */
export const TWO_FACTOR_TEMP_TOKEN_TTL_SECONDS = 5 * 60;
/** Size and margin of the setup dialog's QR code. */
export const TWO_FACTOR_QR_SIZE = 200;
export const TWO_FACTOR_QR_MARGIN = 2;

/** The server's answers; the web app shows them as they are. */
export const TWO_FACTOR_MESSAGES = {
  invalidCode: 'Invalid 2FA code.',
  invalidBackupCode: 'Invalid backup code.',
  notEnabled: '2FA is not enabled.',
  alreadyEnabled: '2FA is already enabled. Disable it first to set it up again.',
  noSetup: 'Start the 2FA setup first.',
  invalidTempToken: 'Your sign-in has expired or is not valid. Please sign in again.',
  tempTokenUsed: 'This sign-in step was already completed. Please sign in again.',
  codeRequired: 'Enter a 6-digit code or an 8-character backup code.',
  verifyFirst:
    'Enter a 6-digit code or an 8-character backup code (or verify a code first: it counts for 5 minutes).',
} as const;

/** How long a code checked with POST /api/auth/2fa/verify lets the same session disable 2FA or regenerate backup codes without sending one. */
export const TWO_FACTOR_VERIFIED_TTL_SECONDS = 5 * 60;

const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The code must be 6 digits');
const backupCode = z
  .string()
  .trim()
  .length(BACKUP_CODE_LENGTH, `The backup code must be ${BACKUP_CODE_LENGTH} characters`);

/** A 6-digit code or an 8-character backup code; exactly one of them. */
const codeOrBackup = {
  token: code.optional(),
  backupCode: backupCode.optional(),
};
const exactlyOne = (v: { token?: string; backupCode?: string }) =>
  (v.token === undefined) !== (v.backupCode === undefined);

export const twoFactorCodeBodySchema = z
  .object(codeOrBackup)
  .refine(exactlyOne, { message: TWO_FACTOR_MESSAGES.codeRequired });
export type TwoFactorCodeBody = z.infer<typeof twoFactorCodeBodySchema>;

/**
 * POST /api/auth/2fa/disable and …/backup/regenerate: a code, or none when the same session
 * verified one within the last five minutes (LibreChat's client verifies, then sends no body).
 */
export const twoFactorActionBodySchema = z
  .object(codeOrBackup)
  .refine((v) => v.token === undefined || v.backupCode === undefined, {
    message: TWO_FACTOR_MESSAGES.codeRequired,
  });
export type TwoFactorActionBody = z.infer<typeof twoFactorActionBodySchema>;

/** POST /api/auth/2fa/confirm: the 6-digit code that finishes the setup. */
export const twoFactorConfirmSchema = z.object({ token: code });

/** POST /api/auth/2fa/verify-temp: the second step of a sign-in. */
export const twoFactorVerifyTempSchema = z
  .object({ tempToken: z.string().min(1, 'tempToken is required').max(2048), ...codeOrBackup })
  .refine(exactlyOne, { message: TWO_FACTOR_MESSAGES.codeRequired });
export type TwoFactorVerifyTemp = z.infer<typeof twoFactorVerifyTempSchema>;

/** GET /api/auth/2fa/enable. */
export const twoFactorEnableAnswerSchema = z.object({
  otpauthUrl: z.string(),
  backupCodes: z.array(z.string()),
});
export type TwoFactorEnableAnswer = z.infer<typeof twoFactorEnableAnswerSchema>;

/** A stored backup code as the account shows it: the hash, never the code. */
export const backupCodeStateSchema = z.object({
  codeHash: z.string(),
  used: z.boolean(),
  usedAt: z.string().nullable(),
});
export type BackupCodeState = z.infer<typeof backupCodeStateSchema>;

/** POST /api/auth/2fa/backup/regenerate. */
export const backupCodesAnswerSchema = z.object({
  message: z.string(),
  backupCodes: z.array(z.string()),
  backupCodesHash: z.array(backupCodeStateSchema),
});
export type BackupCodesAnswer = z.infer<typeof backupCodesAnswerSchema>;

/** POST /api/auth/login for an account with two-factor: no session yet. */
export const twoFactorPendingAnswerSchema = z.object({
  twoFAPending: z.literal(true),
  tempToken: z.string(),
});

/** POST /api/auth/2fa/verify-temp: the session, as login answers it. */
export const twoFactorSignInAnswerSchema = z.object({ user: userSchema, token: z.string() });
