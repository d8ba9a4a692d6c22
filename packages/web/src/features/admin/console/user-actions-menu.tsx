import type { AdminUpdateUser, AdminUser } from '@parley/schema';
import { MoreHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../api/api-error-text';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DropdownMenu } from '../../../components/ui/deferred-menu';
import { useAuth } from '../../../store/auth-store';
import { showToast } from '../../toasts';
import { useDeleteUser, useUpdateUser } from './admin-api';
import { BanDialog } from './ban-dialog';
import { OnceDialog } from './once-dialog';

const ITEM =
  'flex cursor-pointer items-center rounded-lg px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-surface-muted';

/** One account's actions: role, ban or unban, two-factor reset, password reset, deletion. */
export function UserActionsMenu({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const selfId = useAuth((s) => s.user?.id);
  const [open, setOpen] = useState<'ban' | 'delete' | null>(null);
  const [resetLink, setResetLink] = useState<string | null>(null);

  const run = (change: AdminUpdateUser, doneKey: string) =>
    update.mutate(
      { id: user.id, change },
      {
        onSuccess: (answer) => {
          if (answer.link) setResetLink(answer.link);
          else showToast(t(doneKey));
        },
        onError: (error) => showToast(apiErrorText(error, t('console.action_error')), 'error'),
      },
    );

  const confirmDelete = () =>
    remove.mutate(user.id, {
      onSuccess: () => showToast(t('console.deleted')),
      onError: (error) => showToast(apiErrorText(error, t('console.action_error')), 'error'),
      onSettled: () => setOpen(null),
    });

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          aria-label={t('console.actions_for', { email: user.email })}
          data-testid="admin-user-actions"
          className="rounded-lg p-1.5 text-fg-muted outline-none hover:bg-surface-muted hover:text-fg focus-visible:ring-2 focus-visible:ring-ring"
        >
          <MoreHorizontal className="size-4" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="animate-fade-in z-50 min-w-52 rounded-xl border border-border bg-surface-raised p-1.5 text-fg shadow-xl shadow-black/10"
          >
            <DropdownMenu.Item
              className={ITEM}
              onSelect={() =>
                run(
                  { action: 'setRole', role: user.role === 'ADMIN' ? 'USER' : 'ADMIN' },
                  'console.role_changed',
                )
              }
            >
              {t(user.role === 'ADMIN' ? 'console.make_user' : 'console.make_admin')}
            </DropdownMenu.Item>
            {user.banned ? (
              <DropdownMenu.Item
                className={ITEM}
                onSelect={() => run({ action: 'unban' }, 'console.unbanned')}
              >
                {t('console.unban')}
              </DropdownMenu.Item>
            ) : (
              user.id !== selfId && (
                <DropdownMenu.Item className={ITEM} onSelect={() => setOpen('ban')}>
                  {t('console.ban')}
                </DropdownMenu.Item>
              )
            )}
            {user.twoFactorEnabled && (
              <DropdownMenu.Item
                className={ITEM}
                onSelect={() => run({ action: 'resetTwoFactor' }, 'console.two_factor_reset')}
              >
                {t('console.reset_two_factor')}
              </DropdownMenu.Item>
            )}
            {user.provider === 'local' && (
              <DropdownMenu.Item
                className={ITEM}
                onSelect={() => run({ action: 'sendPasswordReset' }, 'console.password_reset_sent')}
              >
                {t('console.send_password_reset')}
              </DropdownMenu.Item>
            )}
            {user.id !== selfId && (
              <>
                <DropdownMenu.Separator className="my-1 h-px bg-border" />
                <DropdownMenu.Item className={`${ITEM} text-danger`} onSelect={() => setOpen('delete')}>
                  {t('console.delete')}
                </DropdownMenu.Item>
              </>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>

      <BanDialog user={user} open={open === 'ban'} onOpenChange={(next) => setOpen(next ? 'ban' : null)} />
      <ConfirmDialog
        open={open === 'delete'}
        onOpenChange={(next) => setOpen(next ? 'delete' : null)}
        title={t('console.delete_title', { email: user.email })}
        description={t('console.delete_description')}
        confirmLabel={t('console.delete_confirm')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
        testId="admin-delete-user-dialog"
      />
      <OnceDialog
        value={resetLink}
        onClose={() => setResetLink(null)}
        title={t('console.send_password_reset')}
        description={t('console.password_reset_link')}
      />
    </>
  );
}
