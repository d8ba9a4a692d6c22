import type { AdminCreateUser, AdminUpdateUser, AdminUser } from '@parley/schema';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors/app-error.ts';
import { authDepsOf } from '../../auth-deps-of.ts';
import { CliError, createUserCommand, PERMANENT_BAN } from '../../cli/admin-commands.ts';
import { requestPasswordReset } from '../auth/password-reset-service.ts';
import { revokeAllSessions } from '../auth/refresh-sessions.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import { clearTwoFactor } from '../two-factor/two-factor-store.ts';
import { deleteAccount } from '../users/account-deletion.ts';
import { findUserById } from '../users/user-service.ts';
import { toAdminUser } from './admin-user-view.ts';
import { withAdministratorKept } from './last-admin.ts';

async function requireTarget(db: Database, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw notFound('User not found');
  return user;
}

const targetOf = (user: UserRow) => ({ type: 'user', id: user.id, label: user.email });

/** Creates a verified local account the way `npm run admin -- create-user` does. */
export async function createUserByAdmin(
  ctx: AppContext,
  actor: AuditActor,
  input: AdminCreateUser,
): Promise<{ user: AdminUser; password?: string }> {
  const created = await createUserCommand(ctx.db, {
    email: input.email,
    name: input.name,
    username: input.username || undefined,
    password: input.password,
    admin: input.role === 'ADMIN',
  }).catch((err: unknown) => {
    // The CLI's only refusal left after the schema checked the input: the address is taken.
    if (err instanceof CliError) throw conflict(err.message);
    throw err;
  });
  await recordAudit(ctx.db, actor, {
    action: 'user.create',
    target: targetOf(created.user),
    details: { role: created.user.role },
  });
  return { user: toAdminUser(created.user), ...(created.generated ? { password: created.password } : {}) };
}

/** One action of `PATCH /api/admin/users/{id}`; the last administrator is never demoted or banned. */
export async function updateUserByAdmin(
  ctx: AppContext,
  actor: AuditActor,
  id: string,
  change: AdminUpdateUser,
): Promise<{ user: AdminUser; link?: string }> {
  const target = await requireTarget(ctx.db, id);
  let link: string | undefined;
  switch (change.action) {
    case 'setRole':
      if (change.role === target.role) break;
      await withAdministratorKept(ctx.db, target, (tx) =>
        tx.update(users).set({ role: change.role, updatedAt: new Date() }).where(eq(users.id, id)),
      );
      await recordAudit(ctx.db, actor, {
        action: 'user.role',
        target: targetOf(target),
        details: { from: target.role, to: change.role },
      });
      break;
    case 'ban': {
      const until = change.minutes ? new Date(Date.now() + change.minutes * 60_000) : PERMANENT_BAN;
      await withAdministratorKept(ctx.db, target, (tx) =>
        tx
          .update(users)
          .set({ bannedUntil: until, banReason: change.reason || null, updatedAt: new Date() })
          .where(eq(users.id, id)),
      );
      // Signed out everywhere: the refresh tokens die now, the access tokens at the next check.
      await revokeAllSessions(ctx.db, id);
      await recordAudit(ctx.db, actor, {
        action: 'user.ban',
        target: targetOf(target),
        details: { until: until.toISOString(), reason: change.reason || null },
      });
      break;
    }
    case 'unban':
      await ctx.db
        .update(users)
        .set({ bannedUntil: null, banReason: null, updatedAt: new Date() })
        .where(eq(users.id, id));
      await recordAudit(ctx.db, actor, { action: 'user.unban', target: targetOf(target) });
      break;
    case 'resetTwoFactor':
      await clearTwoFactor(ctx.db, id);
      await recordAudit(ctx.db, actor, { action: 'user.reset_two_factor', target: targetOf(target) });
      break;
    case 'sendPasswordReset':
      link = (await requestPasswordReset(authDepsOf(ctx), target.email)).link;
      await recordAudit(ctx.db, actor, { action: 'user.password_reset', target: targetOf(target) });
      break;
  }
  ctx.sessionCheck.forget(id);
  const user = await requireTarget(ctx.db, id);
  return { user: toAdminUser(user), ...(link ? { link } : {}) };
}

/**
 * Deletes an account with its data and stored files (the account deletion service), unless it
 * is the last administrator.
 */
export async function deleteUserByAdmin(ctx: AppContext, actor: AuditActor, id: string): Promise<void> {
  const target = await requireTarget(ctx.db, id);
  const deleted = await withAdministratorKept(ctx.db, target, (tx) =>
    deleteAccount({ db: tx, blobStore: ctx.blobStore }, id, (err) =>
      ctx.logger.error({ err, userId: id }, 'the deleted account left stored files behind'),
    ),
  );
  if (!deleted) throw notFound('User not found');
  ctx.sessionCheck.forget(id);
  await recordAudit(ctx.db, actor, { action: 'user.delete', target: targetOf(target) });
}
