import {
  adminCreateUserSchema,
  adminInviteSchema,
  adminUpdateUserSchema,
  adminUserIdParamsSchema,
  adminUserListQuerySchema,
} from '@parley/schema';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { CliError, inviteCommand } from '../cli/admin-commands.ts';
import { conflict } from '../errors/app-error.ts';
import { requireAdmin } from '../http/require-admin.ts';
import { parse } from '../http/validate.ts';
import { auditActorOf } from '../http/audit-actor.ts';
import { createUserByAdmin, deleteUserByAdmin, updateUserByAdmin } from '../services/admin/user-actions.ts';
import { listAdminUsers } from '../services/admin/users-list.ts';
import { recordAudit } from '../services/audit/audit-log.ts';

/** The console's accounts: list, create, invite, change (role, ban, two-factor, reset) and delete. */
export function adminUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const admin = { preHandler: requireAdmin(ctx) };

  app.get('/api/admin/users', admin, async (request) =>
    listAdminUsers(ctx.db, parse(adminUserListQuerySchema, request.query, 'query')),
  );

  app.post('/api/admin/users', admin, async (request, reply) => {
    const body = parse(adminCreateUserSchema, request.body);
    const created = await createUserByAdmin(ctx, await auditActorOf(ctx.db, request), body);
    return reply.code(201).send(created);
  });

  app.patch('/api/admin/users/:id', admin, async (request) => {
    const { id } = parse(adminUserIdParamsSchema, request.params, 'params');
    const change = parse(adminUpdateUserSchema, request.body);
    return updateUserByAdmin(ctx, await auditActorOf(ctx.db, request), id, change);
  });

  app.delete('/api/admin/users/:id', admin, async (request, reply) => {
    const { id } = parse(adminUserIdParamsSchema, request.params, 'params');
    await deleteUserByAdmin(ctx, await auditActorOf(ctx.db, request), id);
    return reply.code(204).send();
  });

  app.post('/api/admin/invitations', admin, async (request, reply) => {
    const body = parse(adminInviteSchema, request.body);
    const invited = await inviteCommand(ctx.db, {
      email: body.email,
      days: body.days,
      clientUrl: ctx.config.clientDomain,
    }).catch((err: unknown) => {
      if (err instanceof CliError) throw conflict(err.message);
      throw err;
    });
    await recordAudit(ctx.db, await auditActorOf(ctx.db, request), {
      action: 'user.invite',
      target: { type: 'email', id: body.email, label: body.email },
    });
    return reply.code(201).send({ link: invited.link, expiresAt: invited.expiresAt.toISOString() });
  });
}
