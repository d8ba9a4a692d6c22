import { useTranslation } from 'react-i18next';
import { SelectRow } from '../../components/ui/select-row';
import { SwitchRow } from '../../components/ui/switch';
import { LANGUAGES } from '../../i18n/languages';
import { useSettings, type ThemeSetting } from '../../store/settings-store';
import { ArchiveManagerRow } from '../archive';
import type { SettingsTabProps } from './settings-tab-props';
import { userApi } from '../../api/user-api';
import { setUser } from '../../store/auth-store';
import { languageForAccount } from './use-account-language';

/** General settings: theme, language, display switches, and the archived chats. */
export function GeneralTab({ interfaceConfig }: SettingsTabProps) {
  const { t } = useTranslation();
  const s = useSettings();
  // The switch hides the side panel; without one (not built, or off in parley.yaml) it would do nothing.
  const sidePanel = interfaceConfig?.sidePanel === true;
  return (
    <div className="divide-y divide-border">
      <SelectRow
        label={t('com_nav_theme')}
        value={s['color-theme']}
        testId="theme-select"
        onChange={(v) => s.setSetting('color-theme', v as ThemeSetting)}
        options={[
          { value: 'system', label: t('com_nav_theme_system') },
          { value: 'dark', label: t('com_nav_theme_dark') },
          { value: 'light', label: t('com_nav_theme_light') },
        ]}
      />
      <SelectRow
        label={t('com_nav_language')}
        value={s.lang}
        testId="language-select"
        onChange={(v) => {
          s.setSetting('lang', v);
          // Saved on the account too, so a new browser opens in it; this browser has it already.
          userApi
            .updateProfile({ language: languageForAccount(v) })
            .then(setUser)
            .catch(() => undefined);
        }}
        options={[
          { value: 'auto', label: t('com_nav_lang_auto') },
          ...LANGUAGES.map((l) => ({ value: l.code, label: l.label })),
        ]}
      />
      <SwitchRow
        label={t('com_nav_user_msg_markdown')}
        checked={s.enableUserMsgMarkdown}
        onCheckedChange={(v) => s.setSetting('enableUserMsgMarkdown', v)}
      />
      <SwitchRow
        label={t('com_nav_auto_scroll')}
        checked={s.autoScroll}
        onCheckedChange={(v) => s.setSetting('autoScroll', v)}
      />
      {sidePanel && (
        <SwitchRow
          label={t('com_nav_hide_panel')}
          checked={s.hideSidePanel}
          onCheckedChange={(v) => s.setSetting('hideSidePanel', v)}
        />
      )}
      <ArchiveManagerRow />
    </div>
  );
}
