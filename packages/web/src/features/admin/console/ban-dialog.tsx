import type { AdminUser } from '@parley/schema';
import { BAN_REASON_MAX } from '@parley/schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../api/api-error-text';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { showToast } from '../../toasts';
import { useUpdateUser } from './admin-api';

/** The durations offered, in minutes; none means permanently. */
const DURATIONS: { key: string; minutes?: number }[] = [
  { key: 'console.ban_1h', minutes: 60 },
  { key: 'console.ban_1d', minutes: 1_440 },
  { key: 'console.ban_7d', minutes: 10_080 },
  { key: 'console.ban_30d', minutes: 43_200 },
  { key: 'console.ban_permanent' },
];

/** Bans one account with a reason for a while or for good. */
export function BanDialog({
  user,
  open,
  onOpenChange,
}: {
  user: AdminUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState(DURATIONS[1]!.key);

  const submit = () => {
    const minutes = DURATIONS.find((d) => d.key === duration)?.minutes;
    update.mutate(
      {
        id: user.id,
        change: { action: 'ban', ...(reason.trim() ? { reason: reason.trim() } : {}), minutes },
      },
      {
        onSuccess: () => {
          showToast(t('console.banned_done'));
          setReason('');
          onOpenChange(false);
        },
        onError: (error) => showToast(apiErrorText(error, t('console.action_error')), 'error'),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('console.ban_title', { email: user.email })}
      description={t('console.ban_description')}
      closeLabel={t('console.close')}
      testId="admin-ban-dialog"
    >
      <form
        className="flex flex-col gap-4 px-6 pb-5"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField
          label={t('console.ban_reason')}
          value={reason}
          maxLength={BAN_REASON_MAX}
          onChange={(e) => setReason(e.target.value)}
          data-testid="admin-ban-reason"
        />
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1 text-sm font-medium">{t('console.ban_duration')}</legend>
          <div className="flex flex-wrap gap-2">
            {DURATIONS.map((d) => (
              <label
                key={d.key}
                className="flex cursor-pointer items-center gap-1.5 rounded-lg border border-border px-2.5 py-1.5 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
              >
                <input
                  type="radio"
                  name="ban-duration"
                  value={d.key}
                  checked={duration === d.key}
                  onChange={() => setDuration(d.key)}
                  className="sr-only"
                />
                {t(d.key)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            {t('com_ui_cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={update.isPending} data-testid="admin-ban-confirm">
            {t('console.ban_confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
