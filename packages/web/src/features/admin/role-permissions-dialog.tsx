import {
  PERMISSIONS_BY_TYPE,
  ROLES,
  UPDATABLE_PERMISSION_TYPES,
  type Permission,
  type RoleName,
  type UpdatablePermissionSegment,
} from '@parley/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SelectRow } from '../../components/ui/select-row';
import { Spinner } from '../../components/ui/spinner';
import { SwitchRow } from '../../components/ui/switch';
import { roleKey } from '../auth';
import { showToast } from '../toasts';
import { rolesApi } from './roles-api';

const SEGMENTS = Object.keys(UPDATABLE_PERMISSION_TYPES) as UpdatablePermissionSegment[];

export interface RolePermissionsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The feature shown first (the prompts header opens it on prompts). */
  initialSegment?: UpdatablePermissionSegment;
}

/**
 * Administrators change a role's permissions for prompts, agents and memories:
 * pick the role and the feature, flip the switches, save with PUT /api/roles/{role}/{feature}.
 */
export function RolePermissionsDialog({
  open,
  onOpenChange,
  initialSegment = 'prompts',
}: RolePermissionsDialogProps) {
  const { t } = useTranslation();
  const [role, setRole] = useState<RoleName>('USER');
  const [segment, setSegment] = useState<UpdatablePermissionSegment>(initialSegment);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('admin.role_permissions_title')}
      description={t('admin.role_permissions_description')}
      closeLabel={t('com_ui_close')}
      testId="role-permissions-dialog"
      className="max-w-lg"
    >
      <div className="px-6 pb-2">
        <SelectRow
          label={t('admin.role')}
          value={role}
          options={ROLES.map((r) => ({ value: r, label: t(`admin.role_${r}`) }))}
          onChange={(v) => setRole(v as RoleName)}
          testId="role-select"
        />
        <div role="tablist" className="mt-1 flex gap-1 rounded-xl bg-surface-muted p-1">
          {SEGMENTS.map((s) => (
            <button
              key={s}
              type="button"
              role="tab"
              aria-selected={segment === s}
              onClick={() => setSegment(s)}
              className={clsx(
                'h-8 flex-1 rounded-lg text-sm font-medium transition-colors',
                segment === s ? 'bg-surface-raised text-fg shadow-sm' : 'text-fg-muted hover:text-fg',
              )}
            >
              {t(`admin.segment_${s}`)}
            </button>
          ))}
        </div>
      </div>
      {open && (
        <PermissionForm
          key={`${role}:${segment}`}
          role={role}
          segment={segment}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function PermissionForm({
  role,
  segment,
  onDone,
}: {
  role: RoleName;
  segment: UpdatablePermissionSegment;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const type = UPDATABLE_PERMISSION_TYPES[segment];
  const names = PERMISSIONS_BY_TYPE[type] as readonly Permission[];
  const { data, isPending } = useQuery({ queryKey: roleKey(role), queryFn: () => rolesApi.get(role) });
  const [flags, setFlags] = useState<Partial<Record<Permission, boolean>>>({});

  useEffect(() => {
    if (data) setFlags({ ...(data.permissions[type] as Partial<Record<Permission, boolean>>) });
  }, [data, type]);

  const save = useMutation({
    mutationFn: () => rolesApi.update(role, segment, flags),
    onSuccess: (updated) => {
      client.setQueryData(roleKey(role), updated);
      showToast(t('admin.role_saved'));
      onDone();
    },
    onError: () => showToast(t('admin.role_save_error'), 'error'),
  });

  if (isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-6 text-fg-muted" />
      </div>
    );
  }
  return (
    <form
      className="flex min-h-0 flex-col"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <div className="min-h-0 divide-y divide-border overflow-y-auto px-6">
        {names.map((name) => (
          <SwitchRow
            key={name}
            label={t(`admin.permission_${name}`, { feature: t(`admin.segment_${segment}`) })}
            checked={flags[name] === true}
            onCheckedChange={(v) => setFlags((f) => ({ ...f, [name]: v }))}
            testId={`permission-${name}`}
          />
        ))}
      </div>
      <div className="flex justify-end gap-2 border-t border-border px-6 py-4">
        <Button variant="ghost" onClick={onDone}>
          {t('com_ui_cancel')}
        </Button>
        <Button type="submit" loading={save.isPending} data-testid="save-role-permissions">
          {t('com_ui_save')}
        </Button>
      </div>
    </form>
  );
}
