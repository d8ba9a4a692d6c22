/**
 * UI languages offered in settings: "auto" plus these locales. Each code is also the folder of its
 * strings under locales/ (English, the fallback, lives in locales/en).
 */
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

/** The language every other one falls back to; its strings are the source of the translations. */
export const ENGLISH = 'en-US';

/** Chinese regions that write traditional characters; every other Chinese region writes simplified ones. */
const TRADITIONAL_CHINESE_REGIONS = new Set(['tw', 'hk', 'mo']);

/**
 * The offered locale closest to a language tag, or undefined when none fits. An exact code wins
 * (any case); Chinese goes by script (zh-Hant, or a Taiwan/Hong Kong/Macao region) and otherwise to
 * zh-Hans; Portuguese without a region, or from Brazil, goes to pt-BR (most speakers) and from any
 * other region (Portugal, Angola, Mozambique …) to pt-PT; any other tag goes to the first locale of
 * its language, so en-GB is English and de-AT German. "iw" is the old code of Hebrew.
 */
export function bestOfferedLocale(tag: string): string | undefined {
  const parts = tag.trim().toLowerCase().split(/[-_]/);
  const base = parts[0] === 'iw' ? 'he' : (parts[0] ?? '');
  const rest = parts.slice(1);
  const exact = LANGUAGES.find((l) => l.code.toLowerCase() === tag.trim().toLowerCase());
  if (exact) return exact.code;
  if (base === 'zh') {
    const traditional = rest.includes('hant') || rest.some((p) => TRADITIONAL_CHINESE_REGIONS.has(p));
    return traditional ? 'zh-Hant' : 'zh-Hans';
  }
  if (base === 'pt') return rest.length === 0 || rest.includes('br') ? 'pt-BR' : 'pt-PT';
  return LANGUAGES.find((l) => l.code.toLowerCase().split('-')[0] === base)?.code;
}

/**
 * The UI language for a setting: a chosen locale as it is, "auto" (or nothing) as the first of the
 * browser's languages that an offered locale fits, English when none does.
 */
export function resolveLanguage(setting: string, browser: string | readonly string[]): string {
  const wanted = setting === 'auto' || setting.length === 0 ? [browser].flat() : [setting];
  for (const tag of wanted) {
    const offered = tag ? bestOfferedLocale(tag) : undefined;
    if (offered) return offered;
  }
  return ENGLISH;
}
