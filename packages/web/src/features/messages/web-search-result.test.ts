import { describe, expect, it } from 'vitest';
import { hostOf, linkCitations, parseWebSearchOutput } from './web-search-result';

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

  it('links citations to their sources outside code, leaving unknown numbers and links alone', () => {
    const sources = parseWebSearchOutput(output)!.sources;
    expect(linkCitations('Otters use stones [1]. Not [7].', sources)).toBe(
      'Otters use stones [[1]](https://example.org/otters "Sea otters"). Not [7].',
    );
    expect(linkCitations('`a[1]` and\n```\nx[1]\n```\n[1](https://y)', sources)).toBe(
      '`a[1]` and\n```\nx[1]\n```\n[1](https://y)',
    );
  });

  it('shows a link’s host without www', () => {
    expect(hostOf('https://www.example.org/a')).toBe('example.org');
  });
});
