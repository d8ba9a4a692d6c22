import { useEffect } from 'react';
import { useAuth } from '../../store/auth-store';
import { storedLanguageSetting, useSettings } from '../../store/settings-store';

/**
 * A new browser opens in the language saved on the account: adopted when this browser has made no
 * choice of its own (its setting is still "auto"). A browser that chose stays with its choice.
 */
export function useAccountLanguage(): void {
  const language = useAuth((s) => s.user?.language ?? null);
  useEffect(() => {
    // "auto" (follow the browser) is what every page load records when nothing was chosen.
    if (!language || storedLanguageSetting() !== 'auto') return;
    useSettings.getState().setSetting('lang', language);
  }, [language]);
}

/** Saves the interface language on the account too ("auto" clears it), so other browsers follow. */
export function languageForAccount(setting: string): string | null {
  return setting === 'auto' ? null : setting;
}
