import { BANNER_MESSAGE_MAX, type Banner } from '@parley/schema';
import DOMPurify from 'dompurify';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../api/api-error-text';
import { Button } from '../../../components/ui/button';
import { SwitchRow } from '../../../components/ui/switch';
import { TextField } from '../../../components/ui/text-field';
import { showToast } from '../../toasts';
import { useSaveBanner } from './admin-api';

/** `<input type="datetime-local">` speaks local time without a zone; the API speaks ISO. */
function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
const fromLocalInput = (value: string): string | undefined =>
  value ? new Date(value).toISOString() : undefined;

/**
 * Writes a banner (a new one, or `banner` when editing) with a live preview drawn as the chat's
 * banner strip draws it. The server sanitises the HTML; the preview sanitises it the same way
 * the strip does, so what is seen here is what people will see.
 */
export function BannerEditor({ banner, onDone }: { banner: Banner | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveBanner();
  const [message, setMessage] = useState(banner?.message ?? '');
  const [from, setFrom] = useState(toLocalInput(banner?.displayFrom));
  const [to, setTo] = useState(toLocalInput(banner?.displayTo));
  const [isPublic, setIsPublic] = useState(banner?.isPublic ?? false);
  const preview = useMemo(() => DOMPurify.sanitize(message, { ADD_ATTR: ['target'] }), [message]);

  const submit = () =>
    save.mutate(
      {
        bannerId: banner?.bannerId ?? null,
        input: {
          message,
          displayFrom: fromLocalInput(from),
          displayTo: fromLocalInput(to) ?? null,
          isPublic,
        },
      },
      {
        onSuccess: () => {
          showToast(t('console.banner_saved'));
          onDone();
        },
        onError: (error) => showToast(apiErrorText(error, t('console.action_error')), 'error'),
      },
    );

  return (
    <form
      className="flex flex-col gap-3 rounded-xl border border-border p-4"
      data-testid="admin-banner-editor"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        {t('console.banner_message')}
        <textarea
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          maxLength={BANNER_MESSAGE_MAX}
          required
          rows={3}
          data-testid="admin-banner-message"
          className="rounded-lg border border-border bg-surface px-3 py-2 font-mono text-sm font-normal text-fg"
        />
      </label>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('console.banner_from')}
          type="datetime-local"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <TextField
          label={t('console.banner_to')}
          type="datetime-local"
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
      </div>
      <SwitchRow label={t('console.banner_public')} checked={isPublic} onCheckedChange={setIsPublic} />
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium">{t('console.banner_preview')}</span>
        <div
          className="min-h-10 rounded-lg border border-accent/20 bg-accent-soft px-4 py-2.5 text-center text-sm text-fg [&_a]:font-medium [&_a]:text-accent [&_a]:underline"
          data-testid="admin-banner-preview"
          dangerouslySetInnerHTML={{ __html: preview }}
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('console.banner_cancel_edit')}
        </Button>
        <Button type="submit" loading={save.isPending} data-testid="admin-banner-save">
          {t('console.banner_save')}
        </Button>
      </div>
    </form>
  );
}
