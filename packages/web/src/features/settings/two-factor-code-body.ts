import { BACKUP_CODE_LENGTH, type TwoFactorCodeBody } from '@parley/schema';

/**
 * What a code box holds, as the request body: exactly 6 digits is an authenticator code, 8
 * characters a backup code; anything shorter (or between) is not a code yet.
 */
export function codeBody(value: string, allowBackup: boolean): TwoFactorCodeBody | null {
  const code = value.trim();
  if (/^\d{6}$/.test(code)) return { token: code };
  if (allowBackup && code.length === BACKUP_CODE_LENGTH) return { backupCode: code };
  return null;
}

/** The text of backup-codes.txt: one code a line under a short heading. */
export function backupCodesFileText(appTitle: string, email: string, codes: readonly string[]): string {
  return [`${appTitle} backup codes for ${email}`, 'Each code works once.', '', ...codes, ''].join('\n');
}
