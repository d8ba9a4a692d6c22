import { describe, expect, it } from 'vitest';
import { ENGLISH, LANGUAGES, bestOfferedLocale, isRtlLanguage, resolveLanguage } from './languages';

describe('resolveLanguage', () => {
  it('keeps a chosen locale', () => {
    expect(resolveLanguage('pt-PT', 'en-US')).toBe('pt-PT');
    expect(resolveLanguage('zh-Hant', 'de-DE')).toBe('zh-Hant');
  });

  it.each([
    ['de', 'de-DE'],
    ['de-AT', 'de-DE'],
    ['en-GB', ENGLISH],
    ['EN-us', ENGLISH],
    ['pt', 'pt-BR'],
    ['pt-BR', 'pt-BR'],
    ['pt-PT', 'pt-PT'],
    ['pt-AO', 'pt-PT'],
    ['zh', 'zh-Hans'],
    ['zh-CN', 'zh-Hans'],
    ['zh-SG', 'zh-Hans'],
    ['zh-TW', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['zh-Hant-HK', 'zh-Hant'],
    ['zh-hans', 'zh-Hans'],
    ['he', 'he-HE'],
    ['iw-IL', 'he-HE'],
    ['ar-SA', 'ar-EG'],
    ['bs-BA', 'bs'],
  ])('"auto" with the browser in %s is %s', (browser, expected) => {
    expect(resolveLanguage('auto', browser)).toBe(expected);
  });

  it('takes the first browser language an offered locale fits, else English', () => {
    expect(resolveLanguage('auto', ['gsw', 'nb-NO', 'fr-CH', 'de-DE'])).toBe('fr-FR');
    expect(resolveLanguage('auto', ['nb-NO', 'gsw'])).toBe(ENGLISH);
    expect(resolveLanguage('', [])).toBe(ENGLISH);
  });

  it('maps a stored code that is no longer offered to its language', () => {
    expect(resolveLanguage('fr', 'en-US')).toBe('fr-FR');
  });
});

describe('offered locales', () => {
  it('are distinct codes that Intl knows, each its own best match', () => {
    const codes = LANGUAGES.map((l) => l.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(Intl.getCanonicalLocales(code)).toHaveLength(1);
    for (const code of codes) expect(bestOfferedLocale(code)).toBe(code);
  });

  it('lay out Arabic, Hebrew and Persian right to left', () => {
    expect(LANGUAGES.filter((l) => isRtlLanguage(l.code)).map((l) => l.code)).toEqual([
      'ar-EG',
      'fa-IR',
      'he-HE',
    ]);
  });
});
