import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import bootStrings from 'virtual:boot-strings';
import { writeLanguageCookie } from '../lib/language-cookie';
import { storedLanguageSetting } from '../store/settings-store';
import { isRtlLanguage, resolveLanguage } from './languages';
import { LocaleBundles, type LoadersByLocale } from './locale-bundles';
import { localeFileLoaders } from './locale-files';
import { numberFormatter } from './number-formatter';

const bundles = new LocaleBundles(
  {
    englishAll: () => import('./locales/en/translation.json').then((m) => m.default),
    boot: localeFileLoaders('boot'),
    all: localeFileLoaders('translation'),
  },
  (code, strings) => i18next.addResourceBundle(code, 'translation', strings, true, true),
  (message, error) => console.warn(message, error),
);

/** The browser's languages, best first. */
function browserLanguages(): readonly string[] {
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

/**
 * i18next starts with English's strings for the signed-out pages (com_auth_*, com_app_*); the
 * chosen language's same subset loads before the first render (the promise), and the full sets
 * load with the signed-in shell (`loadAllStrings`). Each language is looked up by its own code
 * (pt-BR and pt-PT, zh-Hans and zh-Hant are different languages), then English.
 */
export function initI18n(): Promise<void> {
  const lang = resolveLanguage(storedLanguageSetting(), browserLanguages());
  void i18next
    .use(initReactI18next)
    .use(numberFormatter)
    .init({
      resources: { en: { translation: bootStrings } },
      lng: lang,
      fallbackLng: 'en',
      load: 'currentOnly',
      interpolation: { escapeValue: false, alwaysFormat: true },
      initAsync: false,
      // Strings that arrive after a page rendered (a language's file, a late area's) show at once.
      react: { bindI18nStore: 'added' },
    });
  document.documentElement.lang = lang;
  return bundles.ensure(lang);
}

let allStrings: Promise<void> | null = null;

/**
 * Loads every string of English and of the current language (once); pages outside the auth flow
 * wait for it. Later language changes load their full set before switching (`applyLanguage`).
 */
export function loadAllStrings(): Promise<void> {
  allStrings ??= bundles.wantAll(i18next.language);
  return allStrings;
}

let requested = '';

/**
 * Switches the UI language once its strings have arrived, and stores the choice in the `lang`
 * cookie for 365 days. A quicker later choice wins over a slower earlier one.
 */
export function applyLanguage(setting: string): Promise<void> {
  const lang = resolveLanguage(setting, browserLanguages());
  requested = lang;
  writeLanguageCookie(setting);
  return bundles.ensure(lang).then(async () => {
    if (requested !== lang) return;
    if (i18next.language !== lang) await i18next.changeLanguage(lang);
    document.documentElement.lang = lang;
  });
}

/** The document direction: right-to-left when the chat direction or the language asks for it. */
export function documentDirection(chatDirection: string, languageSetting: string): 'rtl' | 'ltr' {
  const lang = resolveLanguage(languageSetting, browserLanguages());
  return chatDirection === 'RTL' || isRtlLanguage(lang) ? 'rtl' : 'ltr';
}

/**
 * Adds the strings of a lazily loaded area (the agent builder, say) when its code arrives, so the
 * chat page does not download text it may never show: its English file now, the current
 * language's file (from `loaders`, keyed by locale code) now and after each language change.
 */
export function addAreaStrings(
  name: string,
  english: Record<string, unknown>,
  loaders: LoadersByLocale,
): void {
  void bundles.addArea(name, english, loaders, i18next.language);
}
