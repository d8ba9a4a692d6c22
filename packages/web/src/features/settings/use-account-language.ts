import { useEffect } from 'react';
import { readLanguageCookie } from '../../lib/language-cookie';
import { hasLocal } from '../../lib/local-storage';
import { useAuth } from '../../store/auth-store';
import { useSettings } from '../../store/settings-store';

/**
 * A new browser opens in the language saved on the account: adopted when this browser has made no
 * choice of its own (no setting, no `lang` cookie). A browser that chose stays with its choice.
 */
export function useAccountLanguage(): void {
  const language = useAuth((s) => s.user?.language ?? null);
  useEffect(() => {
    if (!language || hasLocal('lang') || readLanguageCookie()) return;
    useSettings.getState().setSetting('lang', language);
  }, [language]);
}

/** Saves the interface language on the account too ("auto" clears it), so other browsers follow. */
export function languageForAccount(setting: string): string | null {
  return setting === 'auto' ? null : setting;
}
