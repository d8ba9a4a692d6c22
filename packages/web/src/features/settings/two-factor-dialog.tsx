import { TWO_FACTOR_QR_MARGIN, TWO_FACTOR_QR_SIZE, type TwoFactorEnableAnswer } from '@parley/schema';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/api-error-text';
import { twoFactorApi } from '../../api/two-factor-api';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { QrCodeImage } from '../../components/ui/qr-code';
import { authStore, setUser } from '../../store/auth-store';
import { showToast } from '../toasts';
import { BackupCodesView } from './two-factor-backup-codes-view';
import { codeBody } from './two-factor-code-body';
import { CodeField } from './two-factor-code-field';

/** The steps of the two-factor dialog: setup, QR, verify, backup; `disable` when two-factor is already on. */
export type TwoFactorStep = 'setup' | 'qr' | 'verify' | 'backup' | 'disable';

function markTwoFactor(enabled: boolean): void {
  const user = authStore.getState().user;
  if (user) setUser({ ...user, twoFactorEnabled: enabled });
}

export function TwoFactorDialog({
  initialStep,
  onClose,
}: {
  initialStep: TwoFactorStep;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<TwoFactorStep>(initialStep);
  const [setup, setSetup] = useState<TwoFactorEnableAnswer | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const generate = async () => {
    setBusy(true);
    try {
      setSetup(await twoFactorApi.enable());
      setStep('qr');
    } catch (err) {
      showToast(apiErrorText(err, t('com_ui_2fa_generate_error')), 'error');
    } finally {
      setBusy(false);
    }
  };

  // Verify checks the code, confirm turns two-factor on with the same code (the server allows it).
  const verify = async (e: FormEvent) => {
    e.preventDefault();
    const body = codeBody(code, false);
    if (!body?.token) return;
    setBusy(true);
    try {
      await twoFactorApi.verify(body);
      showToast(t('com_ui_2fa_verified'));
      await twoFactorApi.confirm(body.token);
      markTwoFactor(true);
      showToast(t('com_ui_2fa_enabled'));
      setStep('backup');
    } catch (err) {
      showToast(apiErrorText(err, t('com_ui_2fa_invalid')), 'error');
    } finally {
      setBusy(false);
    }
  };

  const disable = async (e: FormEvent) => {
    e.preventDefault();
    const body = codeBody(code, true);
    if (!body) return;
    setBusy(true);
    try {
      await twoFactorApi.disable(body);
      markTwoFactor(false);
      showToast(t('com_ui_2fa_disabled'));
      onClose();
    } catch (err) {
      showToast(apiErrorText(err, t('com_ui_2fa_disable_error')), 'error');
    } finally {
      setBusy(false);
    }
  };

  const secret = setup ? (new URL(setup.otpauthUrl).searchParams.get('secret') ?? '') : '';
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(step === 'disable' ? 'com_ui_2fa_disable' : 'com_ui_2fa_setup')}
      closeLabel={t('com_ui_close')}
      testId="two-factor-dialog"
    >
      <div className="space-y-4 px-6 pt-2 pb-6" data-step={step}>
        {step !== 'disable' && <StepDots step={step} />}
        {step === 'setup' && (
          <>
            <p className="text-sm text-fg-muted">{t('com_ui_2fa_setup_info')}</p>
            <Button className="w-full" loading={busy} onClick={() => void generate()}>
              {t('com_ui_2fa_generate')}
            </Button>
          </>
        )}
        {step === 'qr' && setup && (
          <>
            <p className="text-sm text-fg-muted">{t('com_ui_2fa_scan_info')}</p>
            <div className="flex justify-center">
              <div className="rounded-xl bg-white p-2" data-testid="two-factor-qr">
                <QrCodeImage
                  value={setup.otpauthUrl}
                  size={TWO_FACTOR_QR_SIZE}
                  marginSize={TWO_FACTOR_QR_MARGIN}
                />
              </div>
            </div>
            <p className="text-center text-[13px] text-fg-muted">
              {t('com_ui_2fa_secret_info')}{' '}
              <code className="font-mono break-all text-fg" data-testid="two-factor-secret">
                {secret}
              </code>
            </p>
            <Button className="w-full" onClick={() => setStep('verify')}>
              {t('com_ui_next')}
            </Button>
          </>
        )}
        {step === 'verify' && (
          <form onSubmit={(e) => void verify(e)} className="space-y-4" noValidate>
            <CodeField
              label={t('com_ui_2fa_enter_code')}
              value={code}
              onChange={setCode}
              allowBackup={false}
              testId="two-factor-code"
            />
            <Button type="submit" className="w-full" loading={busy} disabled={!codeBody(code, false)}>
              {t('com_ui_verify')}
            </Button>
          </form>
        )}
        {step === 'backup' && setup && (
          <>
            <BackupCodesView codes={setup.backupCodes} />
            <Button className="w-full" onClick={onClose}>
              {t('com_ui_done')}
            </Button>
          </>
        )}
        {step === 'disable' && (
          <form onSubmit={(e) => void disable(e)} className="space-y-4" noValidate>
            <p className="text-sm text-fg-muted">{t('com_ui_2fa_disable_info')}</p>
            <CodeField
              label={t('com_ui_2fa_code_or_backup')}
              value={code}
              onChange={setCode}
              allowBackup
              testId="two-factor-code"
            />
            <Button
              type="submit"
              variant="danger"
              className="w-full"
              loading={busy}
              disabled={!codeBody(code, true)}
            >
              {t('com_ui_2fa_disable')}
            </Button>
          </form>
        )}
      </div>
    </Dialog>
  );
}

const SETUP_STEPS: TwoFactorStep[] = ['setup', 'qr', 'verify', 'backup'];

function StepDots({ step }: { step: TwoFactorStep }) {
  const { t } = useTranslation();
  const current = SETUP_STEPS.indexOf(step);
  return (
    <ol className="flex items-center gap-2" aria-label={t('com_ui_2fa_steps')}>
      {SETUP_STEPS.map((s, i) => (
        <li
          key={s}
          aria-current={i === current ? 'step' : undefined}
          className={`h-1.5 flex-1 rounded-full ${i <= current ? 'bg-accent' : 'bg-border'}`}
        />
      ))}
    </ol>
  );
}
