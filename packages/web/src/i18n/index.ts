import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import bootStrings from 'virtual:boot-strings';
import { readLocal } from '../lib/local-storage';
import { LANGUAGE_COOKIE_MAX_AGE_SECONDS, isRtlLanguage, resolveLanguage } from './languages';

/**
 * i18next starts with the strings the signed-out pages need (com_auth_*, com_app_*); the full
 * English set loads with the signed-in shell (`loadAllStrings`). Other locales fall back to
 * English until they are translated.
 */
export function initI18n(): typeof i18next {
  const lang = resolveLanguage(readLocal('lang', 'auto'), navigator.language);
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: bootStrings } },
    lng: lang,
    fallbackLng: 'en',
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return i18next;
}

let allStrings: Promise<void> | null = null;

/** Loads every English string (once); pages outside the auth flow wait for it. */
export function loadAllStrings(): Promise<void> {
  allStrings ??= import('./locales/en/translation.json').then((module) => {
    i18next.addResourceBundle('en', 'translation', module.default, true, true);
  });
  return allStrings;
}

/** Switches the UI language and stores the choice in the `lang` cookie for 365 days. */
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

/**
 * Adds the strings of a lazily loaded area (the agent builder, say) to the English set when its
 * code arrives, so the chat page does not download text it may never show. Keys already loaded
 * are kept.
 */
export function addStrings(strings: Record<string, unknown>): void {
  i18next.addResourceBundle('en', 'translation', strings, true, false);
}
