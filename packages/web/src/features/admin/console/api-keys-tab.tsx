import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../api/api-error-text';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showToast } from '../../toasts';
import { useAllApiKeys, useRevokeApiKey, type AdminApiKey } from './admin-api';
import { formatDateTime } from './admin-format';
import { LoadState } from './load-state';

/** The API keys tab: every person's personal API keys (never a secret), each revocable. */
export default function ApiKeysTab() {
  const { t, i18n } = useTranslation();
  const keys = useAllApiKeys();
  const revoke = useRevokeApiKey();
  const [doomed, setDoomed] = useState<AdminApiKey | null>(null);
  const date = (value: string | null) => formatDateTime(value, i18n.language, t('console.never'));

  const confirmRevoke = () =>
    doomed &&
    revoke.mutate(doomed.id, {
      onSuccess: () => showToast(t('console.keys_revoked')),
      onError: (error) => showToast(apiErrorText(error, t('console.action_error')), 'error'),
      onSettled: () => setDoomed(null),
    });

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 p-4 md:p-6">
      <LoadState query={keys} empty={(keys.data ?? []).length === 0}>
        <div className="overflow-x-auto rounded-xl border border-border">
          <table className="w-full text-sm" data-testid="admin-api-keys-table">
            <thead className="bg-surface-muted text-xs text-fg-muted">
              <tr>
                <th className="w-[22%] px-3 py-2 text-start font-medium">{t('console.keys_name')}</th>
                <th className="w-[28%] px-3 py-2 text-start font-medium">{t('console.keys_owner')}</th>
                <th className="hidden px-3 py-2 text-start font-medium md:table-cell">
                  {t('console.keys_hint')}
                </th>
                <th className="hidden px-3 py-2 text-end font-medium sm:table-cell">
                  {t('console.keys_requests')}
                </th>
                <th className="hidden px-3 py-2 text-start font-medium lg:table-cell">
                  {t('console.keys_last_used')}
                </th>
                <th className="hidden px-3 py-2 text-start font-medium lg:table-cell">
                  {t('console.keys_expires')}
                </th>
                <th className="px-3 py-2">
                  <span className="sr-only">{t('console.col_actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {(keys.data ?? []).map((key) => (
                <tr key={key.id} data-testid="admin-api-key-row">
                  <td className="max-w-0 truncate px-3 py-2 font-medium">{key.name}</td>
                  <td className="max-w-0 truncate px-3 py-2 text-fg-muted">{key.userEmail}</td>
                  <td className="hidden px-3 py-2 font-mono text-xs md:table-cell">{key.hint}</td>
                  <td className="hidden px-3 py-2 text-end sm:table-cell">{key.usage.requests}</td>
                  <td className="hidden px-3 py-2 whitespace-nowrap text-fg-muted lg:table-cell">
                    {date(key.lastUsedAt)}
                  </td>
                  <td className="hidden px-3 py-2 whitespace-nowrap text-fg-muted lg:table-cell">
                    {date(key.expiresAt)}
                  </td>
                  <td className="px-3 py-2 text-end">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setDoomed(key)}
                      data-testid="admin-revoke-key"
                    >
                      {t('console.keys_revoke')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </LoadState>
      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(open) => !open && setDoomed(null)}
        title={t('console.keys_revoke_title', { name: doomed?.name ?? '', email: doomed?.userEmail ?? '' })}
        description={t('console.keys_revoke_description')}
        confirmLabel={t('console.keys_revoke')}
        onConfirm={() => void confirmRevoke()}
        pending={revoke.isPending}
      />
    </div>
  );
}
