import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en/translation.json';
import ru from '../../i18n/locales/ru-RU/translation.json';
import de from '../../i18n/locales/de-DE/translation.json';
import { importedCountsText } from './imported-counts';

async function translate(lng: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    resources: { en: { translation: en }, 'ru-RU': { translation: ru }, 'de-DE': { translation: de } },
  });
  return i18n.t.bind(i18n);
}

describe('importedCountsText', () => {
  it('says "1 conversation" and "1 message", not "1 conversations"', async () => {
    const t = await translate('en');
    expect(importedCountsText(t, { conversations: 1, messages: 1 })).toBe(
      'Imported 1 conversation with 1 message',
    );
    expect(importedCountsText(t, { conversations: 3, messages: 12 })).toBe(
      'Imported 3 conversations with 12 messages',
    );
  });

  it('uses each language’s own forms', async () => {
    expect(importedCountsText(await translate('de-DE'), { conversations: 1, messages: 2 })).toBe(
      '1 Unterhaltung mit 2 Nachrichten importiert',
    );
    expect(importedCountsText(await translate('ru-RU'), { conversations: 21, messages: 5 })).toBe(
      'Импортировано бесед: 21, сообщений: 5',
    );
  });
});
