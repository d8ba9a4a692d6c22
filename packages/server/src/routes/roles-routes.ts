import {
  UPDATABLE_PERMISSION_TYPES,
  rolePermissionUpdateSchema,
  type UpdatablePermissionSegment,
} from '@parley/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { forbidden, notFound, unauthorized } from '../errors/app-error.ts';
import { parse } from '../http/validate.ts';
import { getRole, updateRolePermissions } from '../services/roles/role-service.ts';
import { findUserById } from '../services/users/user-service.ts';

/**
 * Role names are stored upper case (USER, ADMIN); clients ask for them in any case (the spec's
 * web client requests `/api/roles/user`), so every roles route reads the name case-insensitively.
 */
function roleName(fromPath: string): string {
  return fromPath.toUpperCase();
}

/** Role permission sets: read your own (admins any); admins edit three feature types. */
export function rolesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = { preHandler: authenticate(ctx) };

  /** The caller's current role from the database: a token may predate a role change. */
  const callerRole = async (request: FastifyRequest): Promise<string> => {
    const user = await findUserById(ctx.db, currentUser(request).id);
    if (!user) throw unauthorized('User not found');
    return user.role;
  };

  app.get<{ Params: { role: string } }>('/api/roles/:role', auth, async (request) => {
    const role = await callerRole(request);
    const wanted = roleName(request.params.role);
    if (wanted !== role && role !== 'ADMIN') throw forbidden('You may only read your own role.');
    const found = await getRole(ctx.db, wanted);
    if (!found) throw notFound('Role not found');
    return found;
  });

  for (const segment of Object.keys(UPDATABLE_PERMISSION_TYPES) as UpdatablePermissionSegment[]) {
    app.put<{ Params: { role: string } }>(`/api/roles/:role/${segment}`, auth, async (request) => {
      if ((await callerRole(request)) !== 'ADMIN') throw forbidden('Only administrators may change roles.');
      const flags = parse(rolePermissionUpdateSchema, request.body);
      const updated = await updateRolePermissions(
        ctx.db,
        roleName(request.params.role),
        UPDATABLE_PERMISSION_TYPES[segment],
        flags,
      );
      if (!updated) throw notFound('Role not found');
      return updated;
    });
  }
}
