import { ADMIN_USER_SORTS, type AdminUser, type AdminUserSort } from '@parley/schema';
import { MailPlus, ShieldCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { SearchField } from '../../../components/ui/search-field';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { RolePermissionsDialog } from '../role-permissions-dialog';
import { useAdminUsers } from './admin-api';
import { formatDateTime, isPermanentBan } from './admin-format';
import { CreateUserDialog } from './create-user-dialog';
import { InviteDialog } from './invite-dialog';
import { LoadState } from './load-state';
import { UserActionsMenu } from './user-actions-menu';

/** The Users tab: search, sort and page through every account; act on one from its menu. */
export default function UsersTab() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<AdminUserSort>('createdAt:desc');
  const [dialog, setDialog] = useState<'create' | 'invite' | 'roles' | null>(null);
  const users = useAdminUsers(useDebouncedValue(search.trim(), 250), sort);
  const rows = users.data?.pages.flatMap((page) => page.users) ?? [];

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 p-4 md:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <SearchField
          value={search}
          onChange={setSearch}
          label={t('console.users_search')}
          testId="admin-users-search"
          className="block min-w-0 flex-1 basis-64"
        />
        <label className="flex items-center gap-2 text-sm text-fg-muted">
          <span className="sr-only">{t('console.sort')}</span>
          <select
            value={sort}
            onChange={(e) => setSort(e.target.value as AdminUserSort)}
            data-testid="admin-users-sort"
            className="h-10 rounded-lg border border-border bg-surface px-2 text-sm text-fg"
          >
            {ADMIN_USER_SORTS.map((value) => (
              <option key={value} value={value}>
                {t(`console.sort_${value.replace(':', '_')}`)}
              </option>
            ))}
          </select>
        </label>
        <div className="flex flex-wrap gap-2">
          <Button size="md" onClick={() => setDialog('create')} data-testid="admin-create-user">
            <UserPlus className="size-4" aria-hidden />
            {t('console.create_user')}
          </Button>
          <Button variant="secondary" onClick={() => setDialog('invite')} data-testid="admin-invite">
            <MailPlus className="size-4" aria-hidden />
            {t('console.invite')}
          </Button>
          <Button variant="secondary" onClick={() => setDialog('roles')} data-testid="admin-role-permissions">
            <ShieldCheck className="size-4" aria-hidden />
            {t('console.role_permissions')}
          </Button>
        </div>
      </div>

      <LoadState query={users} empty={rows.length === 0}>
        <UsersTable rows={rows} />
        {users.hasNextPage && (
          <div className="flex justify-center">
            <Button
              variant="secondary"
              loading={users.isFetchingNextPage}
              onClick={() => void users.fetchNextPage()}
              data-testid="admin-users-more"
            >
              {t('console.load_more')}
            </Button>
          </div>
        )}
      </LoadState>

      <CreateUserDialog
        open={dialog === 'create'}
        onOpenChange={(open) => setDialog(open ? 'create' : null)}
      />
      <InviteDialog open={dialog === 'invite'} onOpenChange={(open) => setDialog(open ? 'invite' : null)} />
      <RolePermissionsDialog
        open={dialog === 'roles'}
        onOpenChange={(open) => setDialog(open ? 'roles' : null)}
      />
    </div>
  );
}

function UsersTable({ rows }: { rows: AdminUser[] }) {
  const { t, i18n } = useTranslation();
  const date = (value: string | null) => formatDateTime(value, i18n.language, t('console.never'));
  return (
    <div className="overflow-x-auto rounded-xl border border-border">
      <table className="w-full text-sm" data-testid="admin-users-table">
        <thead className="bg-surface-muted text-xs text-fg-muted">
          <tr>
            <th className="w-[60%] px-3 py-2 text-start font-medium sm:w-[34%]">{t('console.col_user')}</th>
            <th className="px-3 py-2 text-start font-medium">{t('console.col_role')}</th>
            <th className="hidden px-3 py-2 text-start font-medium sm:table-cell">
              {t('console.col_status')}
            </th>
            <th className="hidden px-3 py-2 text-start font-medium lg:table-cell">
              {t('console.col_provider')}
            </th>
            <th className="hidden px-3 py-2 text-start font-medium md:table-cell">
              {t('console.col_last_active')}
            </th>
            <th className="hidden px-3 py-2 text-start font-medium lg:table-cell">
              {t('console.col_created')}
            </th>
            <th className="w-12 px-3 py-2">
              <span className="sr-only">{t('console.col_actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((user) => (
            <tr key={user.id} data-testid="admin-user-row">
              <td className="max-w-0 px-3 py-2">
                <div className="truncate font-medium">{user.name}</div>
                <div className="truncate text-xs text-fg-muted">{user.email}</div>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{t(`admin.role_${user.role}`, user.role)}</td>
              <td className="hidden px-3 py-2 sm:table-cell">
                <UserStatus user={user} />
              </td>
              <td className="hidden px-3 py-2 text-fg-muted lg:table-cell">{user.provider}</td>
              <td className="hidden px-3 py-2 whitespace-nowrap text-fg-muted md:table-cell">
                {date(user.lastActiveAt)}
              </td>
              <td className="hidden px-3 py-2 whitespace-nowrap text-fg-muted lg:table-cell">
                {date(user.createdAt)}
              </td>
              <td className="px-3 py-2 text-end">
                <UserActionsMenu user={user} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UserStatus({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation();
  if (!user.banned)
    return (
      <span className="text-fg-muted">
        {t('console.status_active')}
        {user.twoFactorEnabled && ` · ${t('console.two_factor_on')}`}
      </span>
    );
  const label = isPermanentBan(user.bannedUntil)
    ? t('console.status_banned')
    : t('console.status_banned_until', { date: formatDateTime(user.bannedUntil, i18n.language, '') });
  return (
    <span className="text-danger" title={user.banReason ?? undefined}>
      {label}
    </span>
  );
}
