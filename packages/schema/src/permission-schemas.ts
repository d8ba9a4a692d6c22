import { z } from 'zod';
import { PERMISSIONS, ROLES, type Permission } from './permissions.ts';

export const roleNameSchema = z.enum(ROLES);

/** Body of PUT /api/roles/{role}/{prompts|agents|memories|api-keys}: a partial map of the type's flags. */
export const rolePermissionUpdateSchema = z.object(
  Object.fromEntries(PERMISSIONS.map((p) => [p, z.boolean().optional()])) as Record<
    Permission,
    z.ZodOptional<z.ZodBoolean>
  >,
);
