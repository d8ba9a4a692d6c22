import type { Passkey } from '@parley/schema';
import { Fingerprint, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/api-error-text';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/text-field';
import { useAuth } from '../../store/auth-store';
import { showToast } from '../toasts';
import { isPasskeyPromptDismissed, passkeysSupported } from './passkey-sign-in';
import {
  isPasskeyAlreadyOnDevice,
  useAddPasskey,
  usePasskeys,
  useRemovePasskey,
  useRenamePasskey,
} from './passkeys-api';

const PASSKEY_NAME_MAX = 64;

/**
 * The Account tab's passkeys: the list of the person's passkeys with when each was added and last
 * used, a button that creates a new one with the browser, and renaming and removing each. Only
 * accounts that sign in with a password have them (as with two-factor).
 */
export function PasskeyRows() {
  const user = useAuth((s) => s.user);
  return user?.provider === 'local' ? <PasskeyList /> : null;
}

function PasskeyList() {
  const { t } = useTranslation();
  const { data: passkeys } = usePasskeys();
  const add = useAddPasskey();
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);

  const onAdd = () =>
    add.mutate(undefined, {
      onSuccess: (made) => showToast(t('com_nav_passkey_added', { name: made.name }), 'success'),
      onError: (err) => {
        if (isPasskeyPromptDismissed(err)) return;
        if (isPasskeyAlreadyOnDevice(err)) return showToast(t('com_nav_passkey_already_on_device'), 'error');
        showToast(apiErrorText(err, t('com_nav_passkey_add_error')), 'error');
      },
    });

  return (
    <div className="py-3" data-testid="passkeys">
      <div className="flex items-center justify-between gap-4">
        <div>
          <p className="text-sm font-medium">{t('com_nav_passkeys')}</p>
          <p className="mt-0.5 text-[13px] text-fg-muted">{t('com_nav_passkeys_description')}</p>
        </div>
        {/* Hidden, not disabled, where passkeys cannot work (plain http, an IP address). */}
        {passkeysSupported() && (
          <Button
            variant="outline"
            size="sm"
            onClick={onAdd}
            loading={add.isPending}
            data-testid="add-passkey"
          >
            <Plus className="size-4" aria-hidden />
            {t('com_nav_passkey_add')}
          </Button>
        )}
      </div>
      {passkeys && passkeys.length > 0 && (
        <ul className="mt-3 space-y-2" aria-label={t('com_nav_passkeys')}>
          {passkeys.map((p) => (
            <PasskeyItem key={p.id} passkey={p} onRename={setRenaming} onRemove={setRemoving} />
          ))}
        </ul>
      )}
      {renaming && <RenameDialog passkey={renaming} onClose={() => setRenaming(null)} />}
      {removing && <RemoveDialog passkey={removing} onClose={() => setRemoving(null)} />}
    </div>
  );
}

function PasskeyItem(props: {
  passkey: Passkey;
  onRename: (p: Passkey) => void;
  onRemove: (p: Passkey) => void;
}) {
  const { t, i18n } = useTranslation();
  const { passkey } = props;
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(i18n.language, { year: 'numeric', month: 'short', day: 'numeric' });
  return (
    <li
      className="flex items-center gap-3 rounded-lg border border-border px-3 py-2"
      data-testid="passkey-item"
    >
      <Fingerprint className="size-5 shrink-0 text-fg-muted" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium" data-testid="passkey-name">
          {passkey.name}
        </p>
        <p className="text-[12px] text-fg-muted">
          {t('com_nav_passkey_added_on', { date: date(passkey.createdAt) })}
          {' · '}
          {passkey.lastUsedAt
            ? t('com_nav_passkey_last_used', { date: date(passkey.lastUsedAt) })
            : t('com_nav_passkey_never_used')}
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        aria-label={t('com_nav_passkey_rename_named', { name: passkey.name })}
        onClick={() => props.onRename(passkey)}
      >
        <Pencil className="size-4" aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label={t('com_nav_passkey_remove_named', { name: passkey.name })}
        onClick={() => props.onRemove(passkey)}
      >
        <Trash2 className="size-4" aria-hidden />
      </Button>
    </li>
  );
}

function RenameDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const { t } = useTranslation();
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey.name);
  const trimmed = name.trim();
  const error = trimmed.length > PASSKEY_NAME_MAX ? t('com_nav_passkey_name_too_long') : undefined;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!trimmed || error) return;
    rename.mutate(
      { id: passkey.id, name: trimmed },
      { onSuccess: onClose, onError: () => showToast(t('com_nav_passkey_rename_error'), 'error') },
    );
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('com_nav_passkey_rename')}
      closeLabel={t('com_ui_close')}
      testId="rename-passkey-dialog"
    >
      <form onSubmit={onSubmit} className="space-y-4 px-6 pt-2 pb-6">
        <TextField
          label={t('com_nav_passkey_name')}
          value={name}
          autoFocus
          error={error}
          onChange={(e) => setName(e.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('com_ui_cancel')}
          </Button>
          <Button type="submit" disabled={!trimmed || !!error} loading={rename.isPending}>
            {t('com_ui_save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function RemoveDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useRemovePasskey();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('com_nav_passkey_remove_title', { name: passkey.name })}
      description={t('com_nav_passkey_remove_description')}
      confirmLabel={t('com_ui_delete')}
      pending={remove.isPending}
      testId="remove-passkey-dialog"
      onConfirm={() =>
        remove.mutate(passkey.id, {
          onSuccess: onClose,
          onError: () => showToast(t('com_nav_passkey_remove_error'), 'error'),
        })
      }
    />
  );
}
