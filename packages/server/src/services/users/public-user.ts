import type { User } from '@parley/schema';
import type { UserRow } from '../../db/schema/index.ts';

/** The User shape the API returns: never hashes, secrets or ban details. */
export function toPublicUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    avatar: row.avatar,
    provider: row.provider,
    role: row.role,
    emailVerified: row.emailVerified,
    twoFactorEnabled: row.twoFactorEnabled,
    termsAccepted: row.termsAccepted,
    plugins: row.plugins,
    language: row.language,
    showAnswerFigures: row.showAnswerFigures,
    pendingEmail: row.pendingEmail,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Emails are compared and stored lower-cased and trimmed. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isBanned(row: Pick<UserRow, 'bannedUntil'>, now = new Date()): boolean {
  return row.bannedUntil !== null && row.bannedUntil.getTime() > now.getTime();
}
