import { describe, expect, it } from 'vitest';
import { footerParts, longUsDate, sharePageTitle } from './share-format';

describe('share page formatting', () => {
  it('writes the date as month day, year', () => {
    expect(longUsDate('2026-03-05T12:00:00Z')).toBe('March 5, 2026');
    expect(longUsDate('not a date')).toBe('');
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
