import { useTranslation } from 'react-i18next';
import { SwitchRow } from '../../components/ui/switch';
import { useSettings } from '../../store/settings-store';
import { useHasPermission } from '../auth';
import type { SettingsTabProps } from './settings-tab-props';

/** Chat input commands: @ always; + with multi-conversation use; / with prompts use. */
export function CommandsTab({ interfaceConfig }: SettingsTabProps) {
  const { t } = useTranslation();
  const s = useSettings();
  // The + command starts a side-by-side conversation: only when that feature is on and allowed.
  const multiConvoAllowed = useHasPermission('MULTI_CONVO', 'USE');
  const multiConvoOn = interfaceConfig?.multiConvo === true;
  const multiConvo = multiConvoAllowed && multiConvoOn;
  const prompts = useHasPermission('PROMPTS', 'USE');
  return (
    <div className="divide-y divide-border">
      <SwitchRow
        label={t('com_nav_at_command')}
        description={t('com_nav_at_command_description')}
        checked={s.atCommand}
        onCheckedChange={(v) => s.setSetting('atCommand', v)}
      />
      {multiConvo && (
        <SwitchRow
          label={t('com_nav_plus_command')}
          description={t('com_nav_plus_command_description')}
          checked={s.plusCommand}
          onCheckedChange={(v) => s.setSetting('plusCommand', v)}
        />
      )}
      {prompts && (
        <SwitchRow
          label={t('com_nav_slash_command')}
          description={t('com_nav_slash_command_description')}
          checked={s.slashCommand}
          onCheckedChange={(v) => s.setSetting('slashCommand', v)}
        />
      )}
    </div>
  );
}
