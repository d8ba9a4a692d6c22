import { create } from 'zustand';
import { readLanguageCookie } from '../lib/language-cookie';
import { readLocal, writeLocal } from '../lib/local-storage';

export type ThemeSetting = 'system' | 'dark' | 'light';
export type FontSize = 'text-xs' | 'text-sm' | 'text-base' | 'text-lg' | 'text-xl';
export type ChatDirection = 'LTR' | 'RTL';

/**
 * Client settings kept in the browser: each one lives in localStorage under its own name
 * as JSON, so a setting survives reloads and other features can read it by key.
 */
export interface ClientSettings {
  'color-theme': ThemeSetting;
  lang: string;
  fontSize: FontSize;
  chatDirection: ChatDirection;
  enableUserMsgMarkdown: boolean;
  autoScroll: boolean;
  hideSidePanel: boolean;
  UsernameDisplay: boolean;
  atCommand: boolean;
  plusCommand: boolean;
  slashCommand: boolean;
  // Chat tab, read by the chat feature.
  enterToSend: boolean;
  maximizeChatSpace: boolean;
  centerFormOnLanding: boolean;
  showThinking: boolean;
  showCode: boolean;
  LaTeXParsing: boolean;
  saveDrafts: boolean;
  showScrollButton: boolean;
  /** Tools turned on in one chat start on in new chats too (the chat input's tool badges). */
  saveBadgesState: boolean;
  /**
   * Modular chat: choosing a model of another endpoint keeps the conversation going (its messages
   * and its second model); off, it starts a new chat with that model.
   */
  modularChat: boolean;
  /** A prompt chosen with `/` is sent at once; off, its text is put in the message box to edit. */
  autoSendPrompts: boolean;
  /** The footer line under the message box. */
  showFooter: boolean;
}

export const SETTING_DEFAULTS: ClientSettings = {
  'color-theme': 'system',
  lang: 'auto',
  fontSize: 'text-base',
  chatDirection: 'LTR',
  enableUserMsgMarkdown: true,
  autoScroll: false,
  hideSidePanel: false,
  UsernameDisplay: true,
  atCommand: true,
  plusCommand: true,
  slashCommand: true,
  enterToSend: true,
  maximizeChatSpace: false,
  centerFormOnLanding: true,
  showThinking: true,
  showCode: false,
  LaTeXParsing: true,
  saveDrafts: true,
  showScrollButton: true,
  saveBadgesState: false,
  modularChat: true,
  autoSendPrompts: true,
  showFooter: true,
};

type SettingKey = keyof ClientSettings;

interface SettingsState extends ClientSettings {
  setSetting: <K extends SettingKey>(key: K, value: ClientSettings[K]) => void;
}

/**
 * The language setting: its own entry, else the `lang` cookie (a choice made before this browser
 * kept settings, or with site data cleared but cookies kept), else "auto".
 */
export function storedLanguageSetting(): string {
  return readLocal('lang', readLanguageCookie() ?? SETTING_DEFAULTS.lang);
}

function loadAll(): ClientSettings {
  const entries = Object.entries(SETTING_DEFAULTS).map(([key, fallback]) => [key, readLocal(key, fallback)]);
  return { ...(Object.fromEntries(entries) as ClientSettings), lang: storedLanguageSetting() };
}

export const useSettings = create<SettingsState>((set) => ({
  ...loadAll(),
  setSetting: (key, value) => {
    writeLocal(key, value);
    set({ [key]: value } as Partial<ClientSettings>);
  },
}));

/** Puts every setting back to its default (after account deletion). */
export function resetSettings(): void {
  for (const [key, value] of Object.entries(SETTING_DEFAULTS)) {
    writeLocal(key, value);
  }
  useSettings.setState({ ...SETTING_DEFAULTS });
}
