import { describe, expect, it } from 'vitest';
import { footerParts, longDate, sharePageTitle } from './share-format';

describe('share page formatting', () => {
  it('writes the date as month day, year', () => {
    expect(longDate('2026-03-05T12:00:00Z', 'en-US')).toBe('March 5, 2026');
    expect(longDate('2026-03-05T12:00:00Z', 'de-DE')).toBe('5. März 2026');
    expect(longDate('not a date', 'en-US')).toBe('');
  });
  it('joins the titles only when both exist', () => {
    expect(sharePageTitle('Trip', 'Parley')).toBe('Trip | Parley');
    expect(sharePageTitle('Trip', undefined)).toBe('Trip');
    expect(sharePageTitle(undefined, 'Parley')).toBe('Parley');
  });
  it('splits the custom footer on the vertical bar', () => {
    expect(footerParts('[Docs](https://d.example) | Made with care |')).toEqual([
      '[Docs](https://d.example)',
      'Made with care',
    ]);
    expect(footerParts(undefined)).toEqual([]);
  });
});
