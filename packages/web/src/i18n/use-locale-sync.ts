import { useEffect } from 'react';
import { useSettings } from '../store/settings-store';
import { applyLanguage, documentDirection } from './index';

/** Applies the language setting and the resulting text direction to the document root. */
export function useLocaleSync(): void {
  const lang = useSettings((s) => s.lang);
  const chatDirection = useSettings((s) => s.chatDirection);

  useEffect(() => {
    applyLanguage(lang);
  }, [lang]);

  useEffect(() => {
    document.documentElement.dir = documentDirection(chatDirection, lang);
  }, [chatDirection, lang]);
}
