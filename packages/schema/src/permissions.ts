/** Roles and permissions. */
export const ROLES = ['USER', 'ADMIN'] as const;
export type RoleName = (typeof ROLES)[number];

export const PERMISSION_TYPES = [
  'PROMPTS',
  'BOOKMARKS',
  'AGENTS',
  'MEMORIES',
  'MULTI_CONVO',
  'TEMPORARY_CHAT',
  'RUN_CODE',
  'WEB_SEARCH',
  'FILE_SEARCH',
  'API_KEYS',
] as const;
export type PermissionType = (typeof PERMISSION_TYPES)[number];

export const PERMISSIONS = [
  'SHARED_GLOBAL',
  'USE',
  'CREATE',
  'UPDATE',
  'READ',
  'READ_AUTHOR',
  'SHARE',
  'OPT_OUT',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Which permissions each feature carries. */
export const PERMISSIONS_BY_TYPE = {
  PROMPTS: ['SHARED_GLOBAL', 'USE', 'CREATE'],
  AGENTS: ['SHARED_GLOBAL', 'USE', 'CREATE'],
  BOOKMARKS: ['USE'],
  MEMORIES: ['USE', 'CREATE', 'UPDATE', 'READ', 'OPT_OUT'],
  MULTI_CONVO: ['USE'],
  TEMPORARY_CHAT: ['USE'],
  RUN_CODE: ['USE'],
  WEB_SEARCH: ['USE'],
  FILE_SEARCH: ['USE'],
  API_KEYS: ['USE'],
} as const satisfies Record<PermissionType, readonly Permission[]>;

export type RolePermissions = {
  [T in PermissionType]: { [P in (typeof PERMISSIONS_BY_TYPE)[T][number]]: boolean };
};

export interface Role {
  name: string;
  permissions: RolePermissions;
}

/** Schema defaults: what a role holds when nothing is granted explicitly (the USER role). */
export const DEFAULT_USER_PERMISSIONS: RolePermissions = {
  PROMPTS: { SHARED_GLOBAL: false, USE: true, CREATE: true },
  AGENTS: { SHARED_GLOBAL: false, USE: true, CREATE: true },
  BOOKMARKS: { USE: true },
  MEMORIES: { USE: true, CREATE: true, UPDATE: true, READ: true, OPT_OUT: true },
  MULTI_CONVO: { USE: true },
  TEMPORARY_CHAT: { USE: true },
  RUN_CODE: { USE: true },
  WEB_SEARCH: { USE: true },
  FILE_SEARCH: { USE: true },
  // Personal API keys act with exactly their owner's permissions, limits and balance, and reach
  // only the models (never the account): on by default, like every other self-service feature.
  API_KEYS: { USE: true },
};

export const DEFAULT_ADMIN_PERMISSIONS: RolePermissions = {
  ...DEFAULT_USER_PERMISSIONS,
  PROMPTS: { SHARED_GLOBAL: true, USE: true, CREATE: true },
  AGENTS: { SHARED_GLOBAL: true, USE: true, CREATE: true },
};

export const DEFAULT_ROLE_PERMISSIONS: Record<RoleName, RolePermissions> = {
  USER: DEFAULT_USER_PERMISSIONS,
  ADMIN: DEFAULT_ADMIN_PERMISSIONS,
};

/** The roles whose permissions an administrator may update, and the path segment for each. */
export const UPDATABLE_PERMISSION_TYPES = {
  prompts: 'PROMPTS',
  agents: 'AGENTS',
  memories: 'MEMORIES',
  'api-keys': 'API_KEYS',
} as const;
export type UpdatablePermissionSegment = keyof typeof UPDATABLE_PERMISSION_TYPES;

/**
 * The one permission check used by server and web: passes only for a signed-in user with a role
 * whose value for that type and permission is exactly `true`.
 */
export function hasPermission(
  role: Pick<Role, 'permissions'> | null | undefined,
  type: PermissionType,
  permission: Permission,
): boolean {
  if (!role) return false;
  const flags = role.permissions[type] as Partial<Record<Permission, boolean>> | undefined;
  return flags?.[permission] === true;
}
