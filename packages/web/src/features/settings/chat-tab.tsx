import { useTranslation } from 'react-i18next';
import { SelectRow } from '../../components/ui/select-row';
import { SwitchRow } from '../../components/ui/switch';
import { useSettings, type FontSize } from '../../store/settings-store';
import { ForkSettingsSection } from '../fork';

type ChatSwitch =
  | 'enterToSend'
  | 'maximizeChatSpace'
  | 'centerFormOnLanding'
  | 'showThinking'
  | 'showCode'
  | 'LaTeXParsing'
  | 'saveDrafts'
  | 'showScrollButton'
  | 'saveBadgesState'
  | 'modularChat'
  | 'autoSendPrompts'
  | 'showFooter';

/** The Chat tab's switches, each stored under its own local key. */
const SWITCHES: { key: ChatSwitch; label: string; description: string }[] = [
  { key: 'enterToSend', label: 'com_nav_enter_to_send', description: 'com_nav_enter_to_send_description' },
  {
    key: 'maximizeChatSpace',
    label: 'com_nav_maximize_chat_space',
    description: 'com_nav_maximize_chat_space_description',
  },
  {
    key: 'centerFormOnLanding',
    label: 'com_nav_center_chat_input',
    description: 'com_nav_center_chat_input_description',
  },
  { key: 'showThinking', label: 'com_nav_show_thinking', description: 'com_nav_show_thinking_description' },
  { key: 'showCode', label: 'com_nav_show_code', description: 'com_nav_show_code_description' },
  { key: 'LaTeXParsing', label: 'com_nav_latex_parsing', description: 'com_nav_latex_parsing_description' },
  { key: 'saveDrafts', label: 'com_nav_save_drafts', description: 'com_nav_save_drafts_description' },
  {
    key: 'showScrollButton',
    label: 'com_nav_scroll_button',
    description: 'com_nav_scroll_button_description',
  },
  {
    key: 'saveBadgesState',
    label: 'com_nav_save_badges_state',
    description: 'com_nav_save_badges_state_description',
  },
  { key: 'modularChat', label: 'com_nav_modular_chat', description: 'com_nav_modular_chat_description' },
  {
    key: 'autoSendPrompts',
    label: 'com_nav_auto_send_prompts',
    description: 'com_nav_auto_send_prompts_description',
  },
  { key: 'showFooter', label: 'com_nav_show_footer', description: 'com_nav_show_footer_description' },
];

/** Chat settings: font size, chat direction and the chat switches. */
export function ChatTab() {
  const { t } = useTranslation();
  const s = useSettings();
  const fontSize = s.fontSize;
  const direction = s.chatDirection;
  const setSetting = s.setSetting;
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
      {SWITCHES.map((item) => (
        <SwitchRow
          key={item.key}
          label={t(item.label)}
          description={t(item.description)}
          checked={s[item.key]}
          testId={`setting-${item.key}`}
          onCheckedChange={(v) => setSetting(item.key, v)}
        />
      ))}
      <ForkSettingsSection />
    </div>
  );
}
