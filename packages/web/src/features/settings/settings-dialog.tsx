import { clsx } from 'clsx';
import {
  Coins,
  Command,
  Database,
  KeyRound,
  Mic,
  MessageSquare,
  Settings2,
  UserRound,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import { Tabs } from 'radix-ui';
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/dialog';
import { DialogSubView, SubViewProvider, useSubViewHost } from '../../components/ui/dialog-sub-view';
import { Spinner } from '../../components/ui/spinner';
import { useShell } from '../../store/shell-store';
import { useHasPermission } from '../auth';
import { AccountTab } from './account-tab';
import { BalanceTab } from './balance-tab';
import { ChatTab } from './chat-tab';
import { CommandsTab } from './commands-tab';
import { GeneralTab } from './general-tab';
import { DataControlsTab } from '../import-export';
import { ApiKeysTab } from '../api-keys';
import { PersonalizationTab } from '../memories';
import type { SettingsTabProps } from './settings-tab-props';

// The voice settings are a chunk of their own: the chat page shares the voice feature's index.
const SpeechTab = lazy(() => import('../voice/speech-tab').then((m) => ({ default: m.SpeechTab })));

interface SettingsTab {
  value: string;
  labelKey: string;
  icon: LucideIcon;
  Content: ComponentType<SettingsTabProps>;
}

/** The settings dialog's tabs; personalization, speech and data controls come from their features. */
const TABS: SettingsTab[] = [
  { value: 'general', labelKey: 'com_nav_setting_general', icon: Settings2, Content: GeneralTab },
  { value: 'chat', labelKey: 'com_nav_setting_chat', icon: MessageSquare, Content: ChatTab },
  { value: 'commands', labelKey: 'com_nav_commands', icon: Command, Content: CommandsTab },
  { value: 'speech', labelKey: 'com_nav_setting_speech', icon: Mic, Content: SpeechTab },
  {
    value: 'personalization',
    labelKey: 'com_nav_setting_personalization',
    icon: Sparkles,
    Content: PersonalizationTab,
  },
  { value: 'data', labelKey: 'com_nav_setting_data', icon: Database, Content: DataControlsTab },
  { value: 'account', labelKey: 'com_nav_setting_account', icon: UserRound, Content: AccountTab },
  // Personal keys for the OpenAI-compatible API, apart from Data controls' provider keys.
  { value: 'api-keys', labelKey: 'com_nav_setting_api_keys', icon: KeyRound, Content: ApiKeysTab },
  { value: 'balance', labelKey: 'com_nav_setting_balance', icon: Coins, Content: BalanceTab },
];

/** `balanceEnabled`: the server keeps token balances (its startup configuration says so). */
export default function SettingsDialog({
  interfaceConfig,
  balanceEnabled = false,
}: SettingsTabProps & { balanceEnabled?: boolean }) {
  const { t } = useTranslation();
  const open = useShell((s) => s.settingsOpen);
  const setOpen = useShell((s) => s.setSettingsOpen);
  const initialTab = useShell((s) => s.settingsTab);
  // The Balance tab exists only when the server keeps balances; Personalization only
  // with memories on (the interface flag) and MEMORIES.READ.
  const canReadMemories = useHasPermission('MEMORIES', 'READ');
  const memories = interfaceConfig?.memories === true && canReadMemories;
  const tabs = TABS.filter(
    (tab) => (tab.value !== 'balance' || balanceEnabled) && (tab.value !== 'personalization' || memories),
  );
  const subView = useSubViewHost();
  const { reset } = subView;
  useEffect(() => {
    if (!open) reset();
  }, [open, reset]);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      onEscapeKeyDown={(e) => {
        if (!subView.view) return;
        e.preventDefault();
        subView.back();
      }}
      title={t('com_nav_settings')}
      closeLabel={t('com_ui_close')}
      // One box for every tab and sub-view: switching never makes the dialog jump, and on a phone
      // it fills the screen but for a margin.
      className="h-[min(600px,calc(100dvh-2rem))] max-w-3xl"
      testId="settings-dialog"
    >
      <SubViewProvider open={subView.open}>
        <Tabs.Root
          defaultValue={tabs.some((tab) => tab.value === initialTab) ? initialTab : 'general'}
          orientation="vertical"
          // Kept mounted under a sub-view, so back returns to the same tab, scrolled where it was.
          className={clsx(
            'min-h-0 flex-1 flex-col gap-2 px-4 pb-5 sm:flex-row sm:gap-6 sm:px-6',
            subView.view ? 'hidden' : 'flex',
          )}
        >
          <Tabs.List
            aria-label={t('com_nav_settings')}
            className="-mx-1 flex shrink-0 gap-1 overflow-x-auto px-1 pb-1 sm:mx-0 sm:w-48 sm:flex-col sm:overflow-visible sm:px-0"
          >
            {tabs.map(({ value, labelKey, icon: Icon }) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className={clsx(
                  'flex shrink-0 items-center gap-2.5 rounded-lg px-3 py-2 text-sm whitespace-nowrap text-fg-muted outline-none',
                  'hover:bg-surface-muted hover:text-fg focus-visible:ring-2 focus-visible:ring-ring',
                  'data-[state=active]:bg-surface-muted data-[state=active]:font-medium data-[state=active]:text-fg',
                )}
              >
                <Icon className="size-4" aria-hidden />
                {t(labelKey)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {tabs.map(({ value, Content }) => (
            <Tabs.Content
              key={value}
              value={value}
              className="min-h-0 flex-1 overflow-y-auto outline-none sm:pe-1"
            >
              <Suspense fallback={<Spinner />}>
                <Content interfaceConfig={interfaceConfig} />
              </Suspense>
            </Tabs.Content>
          ))}
        </Tabs.Root>
        {subView.view && (
          <DialogSubView view={subView.view} onBack={subView.back} backLabel={t('com_ui_back_to_settings')} />
        )}
      </SubViewProvider>
    </Dialog>
  );
}
