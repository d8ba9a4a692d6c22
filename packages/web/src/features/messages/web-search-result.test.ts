import { describe, expect, it } from 'vitest';
import { hostOf, parseWebSearchOutput, siteInitial } from './web-search-result';

const output = JSON.stringify({
  query: 'otters',
  sources: [
    { citation: 1, title: 'Sea otters', link: 'https://example.org/otters', snippet: 'Tools' },
    { citation: 2, title: 'Evil', link: 'javascript:alert(1)', snippet: '' },
  ],
  topStories: [{ title: 'Census', link: 'https://news.example/census' }],
  images: [{ title: 'Pic', imageUrl: 'data:image/png;base64,AA', link: 'https://x.example' }],
});

describe('web search output', () => {
  it('keeps only http(s) sources, stories and pictures', () => {
    const result = parseWebSearchOutput(output)!;
    expect(result.sources).toEqual([
      { citation: 1, title: 'Sea otters', link: 'https://example.org/otters', snippet: 'Tools' },
    ]);
    expect(result.topStories[0]).toMatchObject({ citation: 1, link: 'https://news.example/census' });
    expect(result.images).toEqual([]);
  });

  it('is null for an error text, garbage or the wrong shape', () => {
    expect(parseWebSearchOutput('Error processing tool web_search: boom')).toBeNull();
    expect(parseWebSearchOutput('{"sources": "no"}')).toBeNull();
    expect(parseWebSearchOutput(undefined)).toBeNull();
  });

  it('shows a link’s host without www', () => {
    expect(hostOf('https://www.example.org/a')).toBe('example.org');
  });

  it('draws a site as the first letter or digit of its host, in one of a few tile colours', () => {
    expect(siteInitial('https://www.example.org/a').letter).toBe('E');
    expect(siteInitial('http://127.0.0.1:4000/web/otters').letter).toBe('1');
    expect(siteInitial('https://-.example').letter).toBe('E');
    const a = siteInitial('https://example.org/a');
    expect(siteInitial('https://example.org/b').hue).toBe(a.hue);
    expect(a.hue).toBeGreaterThanOrEqual(0);
    expect(a.hue).toBeLessThan(360);
  });
});
