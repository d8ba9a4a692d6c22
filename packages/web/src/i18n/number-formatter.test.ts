import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { numberFormatter } from './number-formatter';

async function instance(lng: string) {
  const i18n = i18next.createInstance().use(numberFormatter);
  await i18n.init({
    lng,
    fallbackLng: 'en',
    load: 'currentOnly',
    interpolation: { escapeValue: false, alwaysFormat: true },
    resources: {
      en: { translation: { files_one: 'One file', files_other: '{{count}} files', hello: 'Hello {{name}}' } },
      'ar-EG': { translation: { files_few: '{{count}} ملفات', files_other: '{{count}} ملف' } },
      'de-DE': { translation: { files_one: 'Eine Datei', files_other: '{{count}} Dateien' } },
    },
  });
  return i18n;
}

describe('numberFormatter', () => {
  it('writes counts with each language digits and grouping', async () => {
    expect((await instance('de-DE')).t('files', { count: 1234 })).toBe('1.234 Dateien');
    expect((await instance('ar-EG')).t('files', { count: 3 })).toBe('٣ ملفات');
    expect((await instance('en-US')).t('files', { count: 1234 })).toBe('1,234 files');
  });

  it('leaves text as it is', async () => {
    expect((await instance('de-DE')).t('hello', { name: 'Ada 2' })).toBe('Hello Ada 2');
  });
});
