import { useTranslation } from 'react-i18next';
import { SwitchRow } from '../../components/ui/switch';
import { useSettings } from '../../store/settings-store';
import { useMultiConvoAllowed } from '../added-convo';
import { useHasPermission } from '../auth';
import type { SettingsTabProps } from './settings-tab-props';

/**
 * Chat input commands: @ always; + (typing + chooses a second model that answers too) only where
 * multi-conversation is on and the role may use it; / with prompts use.
 */
export function CommandsTab(_props: SettingsTabProps) {
  const { t } = useTranslation();
  const s = useSettings();
  const multiConvo = useMultiConvoAllowed();
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
