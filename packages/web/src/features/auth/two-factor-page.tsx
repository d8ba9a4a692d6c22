import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/api-error-text';
import { authApi } from '../../api/auth-api';
import { Button } from '../../components/ui/button';
import { inputClasses } from '../../components/ui/text-field';
import { setSession } from '../../store/auth-store';
import { showToast } from '../toasts';
import { isCompleteCode } from './validation';
import { useAuthNavigate, useAuthSearchParams } from './auth-location';

/** Second login step: a 6-digit code, or an 8-character backup code. */
export default function TwoFactorPage() {
  const { t } = useTranslation();
  const navigate = useAuthNavigate();
  const params = useAuthSearchParams();
  const tempToken = params.get('tempToken') ?? '';
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState('');
  const [verifying, setVerifying] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!isCompleteCode(code, backup)) return;
    setVerifying(true);
    try {
      const answer = await authApi.verifyTwoFactorTemp(
        backup ? { tempToken, backupCode: code.trim() } : { tempToken, token: code },
      );
      if (answer?.token) {
        setSession(answer.token, answer.user ?? null);
        navigate('/', { replace: true });
      }
    } catch (err) {
      showToast(apiErrorText(err, t('com_auth_error_verifying_2fa')), 'error');
    } finally {
      setVerifying(false);
    }
  };

  const onChange = (value: string) =>
    setCode(backup ? value.slice(0, 8) : value.replace(/\D/g, '').slice(0, 6));

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <p className="text-center text-sm text-fg-muted">
        {t(backup ? 'com_auth_2fa_backup_instructions' : 'com_auth_2fa_code_instructions')}
      </p>
      <label className="sr-only" htmlFor="twofa-code">
        {t(backup ? 'com_auth_backup_code' : 'com_auth_2fa_code')}
      </label>
      <input
        id="twofa-code"
        value={code}
        onChange={(e) => onChange(e.target.value)}
        inputMode={backup ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoFocus
        placeholder={backup ? 'XXXXXXXX' : '000000'}
        maxLength={backup ? 8 : 6}
        className={`${inputClasses} border-border-strong text-center font-mono text-2xl tracking-[0.4em]`}
      />
      <Button
        type="submit"
        size="lg"
        className="w-full"
        loading={verifying}
        disabled={!isCompleteCode(code, backup)}
      >
        {verifying ? t('com_auth_verifying') : t('com_auth_verify')}
      </Button>
      <button
        type="button"
        className="block w-full text-center text-sm font-medium text-accent hover:underline"
        onClick={() => {
          setBackup((b) => !b);
          setCode('');
        }}
      >
        {t(backup ? 'com_auth_use_2fa_code' : 'com_auth_use_backup_code')}
      </button>
    </form>
  );
}
