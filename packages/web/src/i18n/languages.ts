/** UI languages offered in settings: "auto" plus these locales. English is complete. */
export const LANGUAGES: { code: string; label: string }[] = [
  { code: 'en-US', label: 'English' },
  { code: 'ar-EG', label: 'العربية' },
  { code: 'bs', label: 'Bosanski' },
  { code: 'ca-ES', label: 'Català' },
  { code: 'cs-CZ', label: 'Čeština' },
  { code: 'da-DK', label: 'Dansk' },
  { code: 'de-DE', label: 'Deutsch' },
  { code: 'es-ES', label: 'Español' },
  { code: 'et-EE', label: 'Eesti' },
  { code: 'fa-IR', label: 'فارسی' },
  { code: 'fi-FI', label: 'Suomi' },
  { code: 'fr-FR', label: 'Français' },
  { code: 'he-HE', label: 'עברית' },
  { code: 'hu-HU', label: 'Magyar' },
  { code: 'hy-AM', label: 'Հայերեն' },
  { code: 'id-ID', label: 'Bahasa Indonesia' },
  { code: 'it-IT', label: 'Italiano' },
  { code: 'ja-JP', label: '日本語' },
  { code: 'ka-GE', label: 'ქართული' },
  { code: 'ko-KR', label: '한국어' },
  { code: 'lv-LV', label: 'Latviešu' },
  { code: 'nl-NL', label: 'Nederlands' },
  { code: 'pl-PL', label: 'Polski' },
  { code: 'pt-BR', label: 'Português (Brasil)' },
  { code: 'pt-PT', label: 'Português (Portugal)' },
  { code: 'ru-RU', label: 'Русский' },
  { code: 'sv-SE', label: 'Svenska' },
  { code: 'th-TH', label: 'ไทย' },
  { code: 'tr-TR', label: 'Türkçe' },
  { code: 'uk-UA', label: 'Українська' },
  { code: 'vi-VN', label: 'Tiếng Việt' },
  { code: 'zh-Hans', label: '简体中文' },
  { code: 'zh-Hant', label: '繁體中文' },
];

const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur']);

/** Right-to-left scripts: Arabic, Hebrew, Persian, Urdu (any region). */
export function isRtlLanguage(code: string): boolean {
  const base = code.toLowerCase().split(/[-_]/)[0] ?? '';
  return RTL_LANGUAGES.has(base);
}

/** "auto" means the browser's language. */
export function resolveLanguage(setting: string, browser: string): string {
  return setting === 'auto' || setting.length === 0 ? browser || 'en-US' : setting;
}

export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
