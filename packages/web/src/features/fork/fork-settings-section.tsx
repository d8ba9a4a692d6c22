import type { ForkOption } from '@parley/schema';
import { FORK_OPTIONS } from '@parley/schema';
import { useTranslation } from 'react-i18next';
import { SelectRow } from '../../components/ui/select-row';
import { SwitchRow } from '../../components/ui/switch';
import { FORK_LABELS, useForkSettings } from './fork-settings';

/** The Chat tab's fork options: remember default, default mode, split at target. */
export function ForkSettingsSection() {
  const { t } = useTranslation();
  const s = useForkSettings();
  return (
    <>
      <SwitchRow
        label={t('com_ui_fork_remember')}
        description={t('com_ui_fork_remember_description')}
        checked={s.rememberDefaultFork}
        testId="setting-rememberDefaultFork"
        onCheckedChange={(v) => s.set('rememberDefaultFork', v)}
      />
      <SelectRow
        label={t('com_ui_fork_default')}
        value={s.forkSetting}
        testId="setting-forkSetting"
        onChange={(v) => s.set('forkSetting', v as ForkOption)}
        options={FORK_OPTIONS.map((mode) => ({ value: mode, label: t(FORK_LABELS[mode].label) }))}
      />
      <SwitchRow
        label={t('com_ui_fork_split_target')}
        description={t('com_ui_fork_split_target_description')}
        checked={s.splitAtTarget}
        testId="setting-splitAtTarget"
        onCheckedChange={(v) => s.set('splitAtTarget', v)}
      />
    </>
  );
}
