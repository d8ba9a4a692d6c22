import type { PermissionType } from '@parley/schema';
import { useQuery } from '@tanstack/react-query';
import { userApi } from '../../api/user-api';
import { useAuth } from '../../store/auth-store';

export const roleKey = (name: string) => ['role', name] as const;

/** The signed-in user's role permissions, fetched by role name. */
export function useRole() {
  const role = useAuth((s) => s.user?.role);
  const status = useAuth((s) => s.status);
  return useQuery({
    queryKey: roleKey(role ?? ''),
    queryFn: () => userApi.role(role ?? ''),
    enabled: status === 'authenticated' && Boolean(role),
    staleTime: 5 * 60 * 1000,
  });
}

/** Passes only when signed in, with a role whose value for type and permission is exactly true. */
export function useHasPermission(type: PermissionType, permission: string): boolean {
  const { data: role } = useRole();
  const status = useAuth((s) => s.status);
  if (status !== 'authenticated' || !role) return false;
  const perms = role.permissions[type] as Record<string, boolean> | undefined;
  return perms?.[permission] === true;
}
