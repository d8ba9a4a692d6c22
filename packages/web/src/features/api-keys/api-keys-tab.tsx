import { MAX_API_KEY_NAME_LENGTH, type ApiKeyInfo, type CreatedApiKey } from '@parley/schema';
import { Check, Copy, KeyRound, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/api-error-text';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { SelectRow } from '../../components/ui/select-row';
import { TextField } from '../../components/ui/text-field';
import { useHasPermission } from '../auth';
import { showToast } from '../toasts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api-keys-api';

/** The expiry choices offered, in days (0: never). */
const EXPIRY_DAYS = ['0', '30', '90', '365'] as const;

/**
 * Settings → API keys: the person's personal keys for Parley's OpenAI-compatible API (`/v1/`),
 * apart from the provider keys Data controls revokes. A new key is shown once, to copy; the list
 * shows each key's hint, dates and use, and revokes it. Without the role's API_KEYS.USE the list
 * stays (to revoke what was made) but no key can be created.
 */
export function ApiKeysTab() {
  const { t } = useTranslation();
  const { data: keys } = useApiKeys();
  const mayCreate = useHasPermission('API_KEYS', 'USE');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyInfo | null>(null);
  const baseUrl = `${window.location.origin}/v1`;
  return (
    <div className="py-3" data-testid="api-keys-tab">
      <div className="flex items-start justify-between gap-4">
        <div>
          <p className="text-sm font-medium">{t('api_keys.title')}</p>
          <p className="mt-0.5 text-[13px] text-fg-muted">{t('api_keys.description')}</p>
          <p className="mt-2 text-[13px] text-fg-muted">
            {t('api_keys.base_url')}{' '}
            <code className="rounded bg-surface-muted px-1 py-0.5 font-mono">{baseUrl}</code>
          </p>
        </div>
        {mayCreate && (
          <Button variant="outline" size="sm" onClick={() => setCreating(true)} data-testid="create-api-key">
            <Plus className="size-4" aria-hidden />
            {t('api_keys.create')}
          </Button>
        )}
      </div>
      {!mayCreate && <p className="mt-3 text-[13px] text-fg-muted">{t('api_keys.not_allowed')}</p>}
      {keys && keys.length === 0 && <p className="mt-4 text-sm text-fg-muted">{t('api_keys.empty')}</p>}
      {keys && keys.length > 0 && (
        <ul className="mt-4 space-y-2" aria-label={t('api_keys.title')}>
          {keys.map((key) => (
            <ApiKeyItem key={key.id} apiKey={key} onRevoke={setRevoking} />
          ))}
        </ul>
      )}
      {creating && (
        <CreateDialog
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
          }}
        />
      )}
      {created && <CreatedDialog created={created} onClose={() => setCreated(null)} />}
      {revoking && <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />}
    </div>
  );
}

function ApiKeyItem({ apiKey, onRevoke }: { apiKey: ApiKeyInfo; onRevoke: (key: ApiKeyInfo) => void }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(i18n.language, { year: 'numeric', month: 'short', day: 'numeric' });
  const expired = apiKey.expiresAt !== null && Date.parse(apiKey.expiresAt) <= Date.now();
  const expiry = expired
    ? t('api_keys.expired')
    : apiKey.expiresAt
      ? t('api_keys.expires_on', { date: date(apiKey.expiresAt) })
      : t('api_keys.never_expires');
  return (
    <li
      className="flex items-center gap-3 rounded-lg border border-border px-3 py-2"
      data-testid="api-key-item"
    >
      <KeyRound className="size-5 shrink-0 text-fg-muted" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">
          {apiKey.name} <span className="font-mono text-[12px] font-normal text-fg-muted">{apiKey.hint}</span>
        </p>
        <p className="text-[12px] text-fg-muted">
          {t('api_keys.created_on', { date: date(apiKey.createdAt) })}
          {' · '}
          <span className={expired ? 'text-danger' : undefined}>{expiry}</span>
          {' · '}
          {apiKey.lastUsedAt
            ? t('api_keys.last_used', { date: date(apiKey.lastUsedAt) })
            : t('api_keys.never_used')}
          {' · '}
          {t('api_keys.requests', { requests: apiKey.usage.requests.toLocaleString(i18n.language) })}
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        aria-label={t('api_keys.revoke_named', { name: apiKey.name })}
        onClick={() => onRevoke(apiKey)}
      >
        <Trash2 className="size-4" aria-hidden />
      </Button>
    </li>
  );
}

function CreateDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [days, setDays] = useState<string>('90');
  const trimmed = name.trim();
  const error = trimmed.length > MAX_API_KEY_NAME_LENGTH ? t('api_keys.name_too_long') : undefined;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!trimmed || error) return;
    const expiresAt = days === '0' ? null : new Date(Date.now() + Number(days) * 86_400_000).toISOString();
    create.mutate(
      { name: trimmed, expiresAt },
      {
        onSuccess: onCreated,
        onError: (err) => showToast(apiErrorText(err, t('api_keys.create_error')), 'error'),
      },
    );
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('api_keys.create')}
      closeLabel={t('com_ui_close')}
      testId="create-api-key-dialog"
    >
      <form onSubmit={onSubmit} className="space-y-2 px-6 pt-2 pb-6">
        <TextField
          label={t('api_keys.name')}
          placeholder={t('api_keys.name_placeholder')}
          value={name}
          autoFocus
          error={error}
          onChange={(e) => setName(e.target.value)}
        />
        <SelectRow
          label={t('api_keys.expires')}
          value={days}
          onChange={setDays}
          testId="api-key-expiry"
          options={EXPIRY_DAYS.map((d) => ({ value: d, label: t(`api_keys.expires_${d}`) }))}
        />
        <div className="flex justify-end gap-2 pt-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('com_ui_cancel')}
          </Button>
          <Button type="submit" disabled={!trimmed || !!error} loading={create.isPending}>
            {t('api_keys.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function CreatedDialog({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(created.key).catch(() => undefined);
    setCopied(true);
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('api_keys.created_title')}
      description={t('api_keys.created_description')}
      closeLabel={t('com_ui_close')}
      testId="created-api-key-dialog"
    >
      <div className="space-y-4 px-6 pt-2 pb-6">
        <div className="flex items-center gap-2 rounded-xl border border-border bg-surface-muted p-3">
          <code
            className="min-w-0 flex-1 font-mono text-[13px] break-all select-all"
            data-testid="created-api-key"
          >
            {created.key}
          </code>
          <Button variant="ghost" size="sm" onClick={copy} aria-label={t('api_keys.copy')}>
            {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          </Button>
        </div>
        <div className="flex justify-end">
          <Button onClick={onClose}>{t('api_keys.done')}</Button>
        </div>
      </div>
    </Dialog>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKeyInfo; onClose: () => void }) {
  const { t } = useTranslation();
  const revoke = useRevokeApiKey();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('api_keys.revoke_title', { name: apiKey.name })}
      description={t('api_keys.revoke_description')}
      confirmLabel={t('api_keys.revoke')}
      pending={revoke.isPending}
      testId="revoke-api-key-dialog"
      onConfirm={() =>
        revoke.mutate(apiKey.id, {
          onSuccess: onClose,
          onError: () => showToast(t('api_keys.revoke_error'), 'error'),
        })
      }
    />
  );
}
