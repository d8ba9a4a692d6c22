import { useTranslation } from 'react-i18next';
import { SelectRow } from '../../components/ui/select-row';
import { SwitchRow } from '../../components/ui/switch';
import { useSettings, type FontSize } from '../../store/settings-store';

/** Chat settings available so far: message font size and the chat direction (002 §2). */
export function ChatTab() {
  const { t } = useTranslation();
  const fontSize = useSettings((s) => s.fontSize);
  const direction = useSettings((s) => s.chatDirection);
  const setSetting = useSettings((s) => s.setSetting);
  return (
    <div className="divide-y divide-border">
      <SelectRow
        label={t('com_nav_font_size')}
        value={fontSize}
        onChange={(v) => setSetting('fontSize', v as FontSize)}
        options={[
          { value: 'text-xs', label: t('com_nav_font_size_xs') },
          { value: 'text-sm', label: t('com_nav_font_size_sm') },
          { value: 'text-base', label: t('com_nav_font_size_base') },
          { value: 'text-lg', label: t('com_nav_font_size_lg') },
          { value: 'text-xl', label: t('com_nav_font_size_xl') },
        ]}
      />
      <SwitchRow
        label={t('com_nav_chat_direction_rtl')}
        description={t('com_nav_chat_direction_description')}
        checked={direction === 'RTL'}
        testId="chat-direction"
        onCheckedChange={(rtl) => setSetting('chatDirection', rtl ? 'RTL' : 'LTR')}
      />
    </div>
  );
}
