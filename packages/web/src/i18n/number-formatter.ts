import type { FormatterModule } from 'i18next';

/**
 * An i18next formatter that writes every number put into a string ({{count}}, {{limit}} …) in the
 * language's digits and grouping: "1.234 Dateien" in German, "٣ ملفات" in Arabic. The strings use
 * no named formats ("{{x, number}}"), so this is the only formatting there is; with
 * `interpolation.alwaysFormat` i18next hands it every value, and anything but a number passes.
 */
export const numberFormatter: FormatterModule = {
  type: 'formatter',
  init() {},
  add() {},
  addCached() {},
  // Anything else goes back as it came (i18next's own default does the same), whatever the type says.
  format: (value: unknown, _format, lng) =>
    typeof value === 'number' && lng ? value.toLocaleString(lng) : (value as string),
};
