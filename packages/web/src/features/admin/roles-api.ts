import type { Permission, Role, RoleName, UpdatablePermissionSegment } from '@parley/schema';
import { api } from '../../api/client';

/** GET /api/roles/{role} and PUT /api/roles/{role}/{prompts|agents|memories}. */
export const rolesApi = {
  get: (role: RoleName) => api<Role>(`/api/roles/${role}`),
  update: (
    role: RoleName,
    segment: UpdatablePermissionSegment,
    flags: Partial<Record<Permission, boolean>>,
  ) => api<Role>(`/api/roles/${role}/${segment}`, { method: 'PUT', json: flags }),
};
