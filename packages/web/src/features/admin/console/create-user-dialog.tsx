import { ADMIN_ROLES } from '@parley/schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../api/api-error-text';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectRow } from '../../../components/ui/select-row';
import { TextField } from '../../../components/ui/text-field';
import { showToast } from '../../toasts';
import { useCreateUser } from './admin-api';
import { OnceDialog } from './once-dialog';

const EMPTY = {
  email: '',
  name: '',
  username: '',
  password: '',
  role: 'USER' as (typeof ADMIN_ROLES)[number],
};

/** Creates a verified local account; a generated password is shown once afterwards. */
export function CreateUserDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateUser();
  const [form, setForm] = useState(EMPTY);
  const [generated, setGenerated] = useState<string | null>(null);
  const field = (name: keyof typeof EMPTY) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  const submit = () =>
    create.mutate(
      {
        email: form.email,
        name: form.name,
        role: form.role,
        ...(form.username.trim() ? { username: form.username } : {}),
        ...(form.password ? { password: form.password } : {}),
      },
      {
        onSuccess: (answer) => {
          showToast(t('console.created'));
          setForm(EMPTY);
          onOpenChange(false);
          if (answer.password) setGenerated(answer.password);
        },
        onError: (error) => showToast(apiErrorText(error, t('console.action_error')), 'error'),
      },
    );

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title={t('console.create_title')}
        description={t('console.create_description')}
        closeLabel={t('console.close')}
        testId="admin-create-user-dialog"
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
            autoComplete="off"
            {...field('email')}
          />
          <TextField label={t('console.name')} required minLength={3} {...field('name')} />
          <TextField label={t('console.username')} {...field('username')} />
          <TextField
            label={t('console.password')}
            type="password"
            minLength={8}
            autoComplete="new-password"
            {...field('password')}
          />
          <SelectRow
            label={t('console.role')}
            value={form.role}
            options={ADMIN_ROLES.map((r) => ({ value: r, label: t(`admin.role_${r}`) }))}
            onChange={(role) => setForm((f) => ({ ...f, role: role as typeof f.role }))}
          />
          <div className="flex justify-end gap-2 pt-1">
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              {t('com_ui_cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="admin-create-user-confirm">
              {t('console.create_confirm')}
            </Button>
          </div>
        </form>
      </Dialog>
      <OnceDialog
        value={generated}
        onClose={() => setGenerated(null)}
        title={t('console.created')}
        description={t('console.generated_password')}
      />
    </>
  );
}
