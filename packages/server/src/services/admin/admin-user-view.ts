import type { AdminUser } from '@parley/schema';
import type { UserRow } from '../../db/schema/index.ts';
import { isBanned } from '../users/public-user.ts';

/** An account as the console shows it: never a password hash, TOTP secret or backup code. */
export function toAdminUser(row: UserRow, now = new Date()): AdminUser {
  const banned = isBanned(row, now);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    username: row.username,
    role: row.role,
    provider: row.provider,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
    banned,
    bannedUntil: banned ? row.bannedUntil!.toISOString() : null,
    banReason: banned ? row.banReason : null,
    twoFactorEnabled: row.twoFactorEnabled,
  };
}
