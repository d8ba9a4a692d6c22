import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readLocal } from '../lib/local-storage';
import en from './locales/en/translation.json';
import { LANGUAGE_COOKIE_MAX_AGE_SECONDS, isRtlLanguage, resolveLanguage } from './languages';

/** i18next with English bundled; other locales fall back to English until they are translated. */
export function initI18n(): typeof i18next {
  const lang = resolveLanguage(readLocal('lang', 'auto'), navigator.language);
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: lang,
    fallbackLng: 'en',
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return i18next;
}

/** Switches the UI language and stores the choice in the `lang` cookie for 365 days (002 §7). */
export function applyLanguage(setting: string): void {
  const lang = resolveLanguage(setting, navigator.language);
  void i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
  document.cookie = `lang=${encodeURIComponent(setting)}; max-age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; path=/; SameSite=Lax`;
}

/** The document direction: right-to-left when the chat direction or the language asks for it. */
export function documentDirection(chatDirection: string, languageSetting: string): 'rtl' | 'ltr' {
  const lang = resolveLanguage(languageSetting, navigator.language);
  return chatDirection === 'RTL' || isRtlLanguage(lang) ? 'rtl' : 'ltr';
}
