import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../api/api-error-text';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { showToast } from '../../toasts';
import { useInvite } from './admin-api';
import { OnceDialog } from './once-dialog';

/** Invites one address with the existing invitation (a registration link), shown once. */
export function InviteDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [days, setDays] = useState('7');
  const [link, setLink] = useState<string | null>(null);

  const submit = () =>
    invite.mutate(
      { email, days: Number(days) || undefined },
      {
        onSuccess: (answer) => {
          setEmail('');
          onOpenChange(false);
          setLink(answer.link);
        },
        onError: (error) => showToast(apiErrorText(error, t('console.action_error')), 'error'),
      },
    );

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title={t('console.invite_title')}
        description={t('console.invite_description')}
        closeLabel={t('console.close')}
        testId="admin-invite-dialog"
      >
        <form
          className="flex flex-col gap-3 px-6 pb-5"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <TextField
            label={t('console.email')}
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            label={t('console.invite_days')}
            type="number"
            min={1}
            max={90}
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
          <div className="flex justify-end gap-2 pt-1">
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              {t('com_ui_cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending} data-testid="admin-invite-confirm">
              {t('console.invite_confirm')}
            </Button>
          </div>
        </form>
      </Dialog>
      <OnceDialog
        value={link}
        onClose={() => setLink(null)}
        title={t('console.invite_title')}
        description={t('console.invite_link')}
      />
    </>
  );
}
