import { SETUP_PROVIDER_KINDS, type SetupProvider, type SetupStatus } from '@parley/schema';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/api-error-text';
import { setupApi } from '../../api/setup-api';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Select } from '../../components/ui/select';
import { TextField } from '../../components/ui/text-field';

export interface ProviderDraft {
  kind: '' | SetupProvider['kind'];
  apiKey: string;
  baseURL: string;
}

const LABELS: Record<SetupProvider['kind'], string> = {
  openAI: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
};

/** The draft as the API takes it: none chosen, or one with a key. */
export function providerOf(draft: ProviderDraft): SetupProvider | undefined {
  if (!draft.kind) return undefined;
  return {
    kind: draft.kind,
    apiKey: draft.apiKey.trim(),
    ...(draft.baseURL.trim() ? { baseURL: draft.baseURL.trim() } : {}),
  };
}

/**
 * The optional first provider: which one, its key and address, and a button that tries the key
 * with one request. A provider the environment or parley.yaml already configures is named as such.
 */
export function SetupProviderFields({
  draft,
  onChange,
  fixedBy,
}: {
  draft: ProviderDraft;
  onChange: (draft: ProviderDraft) => void;
  fixedBy: SetupStatus['fixedBy']['providers'];
}) {
  const { t } = useTranslation();
  const selectId = useId();
  const [check, setCheck] = useState<{ ok: boolean; message: string } | null>(null);
  const [checking, setChecking] = useState(false);
  const fixed = draft.kind ? fixedBy[draft.kind] : undefined;
  const update = (patch: Partial<ProviderDraft>) => {
    setCheck(null);
    onChange({ ...draft, ...patch });
  };
  const onCheck = async () => {
    const provider = providerOf(draft);
    if (!provider) return;
    setChecking(true);
    try {
      setCheck(await setupApi.checkProvider(provider));
    } catch (err) {
      setCheck({ ok: false, message: apiErrorText(err, t('com_auth_setup_error')) });
    } finally {
      setChecking(false);
    }
  };
  return (
    <fieldset className="space-y-4" data-testid="setup-provider">
      <legend className="mb-3 text-sm font-semibold text-fg">{t('com_auth_setup_provider')}</legend>
      <Select
        id={selectId}
        ariaLabel={t('com_auth_setup_provider')}
        testId="setup-provider-kind"
        value={draft.kind}
        onChange={(kind) => update({ kind: kind as ProviderDraft['kind'] })}
        options={[
          { value: '', label: t('com_auth_setup_provider_none') },
          ...SETUP_PROVIDER_KINDS.map((kind) => ({ value: kind, label: LABELS[kind] })),
        ]}
      />
      {fixed && (
        <p className="text-[13px] text-fg-muted">{t('com_auth_setup_fixed_by', { source: fixed })}</p>
      )}
      {draft.kind && !fixed && (
        <>
          <TextField
            label={t('com_auth_setup_api_key')}
            type="password"
            autoComplete="off"
            value={draft.apiKey}
            onChange={(e) => update({ apiKey: e.target.value })}
          />
          <TextField
            label={t('com_auth_setup_base_url')}
            type="url"
            hint={t('com_auth_optional')}
            value={draft.baseURL}
            onChange={(e) => update({ baseURL: e.target.value })}
          />
          <Button
            type="button"
            variant="secondary"
            loading={checking}
            disabled={!draft.apiKey.trim()}
            onClick={() => void onCheck()}
            data-testid="setup-check-key"
          >
            {t('com_auth_setup_check_key')}
          </Button>
          {check && (
            <Alert tone={check.ok ? 'success' : 'error'} testId="setup-check-result">
              {check.ok ? t('com_auth_setup_key_ok') : check.message}
            </Alert>
          )}
        </>
      )}
    </fieldset>
  );
}
