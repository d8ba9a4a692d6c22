import { useTranslation } from 'react-i18next';
import { SwitchRow } from '../../components/ui/switch';
import { useSettings } from '../../store/settings-store';
import { useHasPermission } from '../auth';
import type { SettingsTabProps } from './settings-tab-props';

/**
 * Chat input commands: @ always; / with prompts use. The + command (typing + to add a model beside
 * the current one) is not built yet, so its switch is not offered: a switch that changes nothing
 * would mislead. The + button beside the model menu does that job meanwhile.
 */
export function CommandsTab(_props: SettingsTabProps) {
  const { t } = useTranslation();
  const s = useSettings();
  const prompts = useHasPermission('PROMPTS', 'USE');
  return (
    <div className="divide-y divide-border">
      <SwitchRow
        label={t('com_nav_at_command')}
        description={t('com_nav_at_command_description')}
        checked={s.atCommand}
        onCheckedChange={(v) => s.setSetting('atCommand', v)}
      />
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
