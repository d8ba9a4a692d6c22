import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { formatDateTime } from '../../i18n/format';
import { showToast } from '../toasts';
import { KEY_EXPIRY_OPTIONS, keyIsValid, useKeyExpiry, useRevokeKey, useSaveKey } from '../../api/keys-api';

const FIELD =
  'w-full rounded-lg border border-border-strong bg-surface px-3 py-2 text-sm outline-none focus:border-accent';

/**
 * The key button and dialog of a `user_provided` endpoint: set a key (and base URL when the
 * endpoint asks for one) with an expiry, or revoke it.
 */
export function KeyButton({
  endpoint,
  label,
  needsUrl,
}: {
  endpoint: string;
  label: string;
  needsUrl: boolean;
}) {
  const { t } = useTranslation();
  const expiry = useKeyExpiry(endpoint, true);
  const [open, setOpen] = useState(false);
  const valid = keyIsValid(expiry.data);
  return (
    <>
      <Button
        variant={valid ? 'ghost' : 'secondary'}
        size="sm"
        onClick={() => setOpen(true)}
        data-testid="set-key"
        aria-label={t('com_endpoint_set_key')}
      >
        <KeyRound className="size-4" aria-hidden />
        <span className="hidden sm:inline">
          {valid ? t('com_endpoint_key_set') : t('com_endpoint_set_key')}
        </span>
      </Button>
      {open && (
        <KeyDialog
          endpoint={endpoint}
          label={label}
          needsUrl={needsUrl}
          onClose={() => setOpen(false)}
          hasKey={valid}
          expiresAt={expiry.data?.expiresAt ?? null}
        />
      )}
    </>
  );
}

function KeyDialog(props: {
  endpoint: string;
  label: string;
  needsUrl: boolean;
  hasKey: boolean;
  expiresAt: string | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [value, setValue] = useState('');
  const [baseURL, setBaseURL] = useState('');
  const [expiry, setExpiry] = useState(1);
  const save = useSaveKey(props.endpoint);
  const revoke = useRevokeKey(props.endpoint);
  const empty = value.trim() === '' || (props.needsUrl && baseURL.trim() === '');

  const submit = async () => {
    if (empty) return;
    const ms = KEY_EXPIRY_OPTIONS[expiry]!.ms;
    const stored = props.needsUrl
      ? JSON.stringify({ apiKey: value.trim(), baseURL: baseURL.trim() })
      : value.trim();
    try {
      await save.mutateAsync({
        value: stored,
        expiresAt: ms === null ? null : new Date(Date.now() + ms).toISOString(),
      });
      showToast(t('com_endpoint_key_saved'));
      props.onClose();
    } catch {
      showToast(t('com_endpoint_key_save_error'), 'error');
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && props.onClose()}
      title={t('com_endpoint_key_dialog_title', { name: props.label })}
      closeLabel={t('com_ui_close')}
      testId="key-dialog"
    >
      <form
        className="space-y-4 px-6 pt-2 pb-5"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {props.hasKey && (
          <p className="text-sm text-fg-muted">
            {props.expiresAt === 'never'
              ? t('com_endpoint_key_never_expires')
              : t('com_endpoint_key_expires', { date: formatDateTime(props.expiresAt ?? '', i18n.language) })}
          </p>
        )}
        <label className="block text-sm font-medium">
          {t('com_endpoint_api_key')}
          <input
            type="password"
            autoComplete="off"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            className={`${FIELD} mt-1`}
            data-testid="key-value"
          />
        </label>
        {props.needsUrl && (
          <label className="block text-sm font-medium">
            {t('com_endpoint_base_url')}
            <input value={baseURL} onChange={(e) => setBaseURL(e.target.value)} className={`${FIELD} mt-1`} />
          </label>
        )}
        <label className="block text-sm font-medium">
          {t('com_endpoint_key_expiry')}
          <select
            value={expiry}
            onChange={(e) => setExpiry(Number(e.target.value))}
            className={`${FIELD} mt-1`}
          >
            {KEY_EXPIRY_OPTIONS.map((o, i) => (
              <option key={o.key} value={i}>
                {t(o.key)}
              </option>
            ))}
          </select>
        </label>
        <div className="flex items-center justify-end gap-2">
          {props.hasKey && (
            <Button
              variant="ghost"
              className="me-auto text-danger"
              loading={revoke.isPending}
              onClick={() => void revoke.mutateAsync().then(props.onClose)}
              data-testid="key-revoke"
            >
              {t('com_endpoint_revoke_key')}
            </Button>
          )}
          <Button variant="ghost" onClick={props.onClose}>
            {t('com_ui_cancel')}
          </Button>
          <Button type="submit" disabled={empty} loading={save.isPending} data-testid="key-save">
            {t('com_ui_save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
