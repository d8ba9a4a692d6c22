import { describe, expect, it } from 'vitest';
import { gtmScriptUrl, startAnalytics, type AnalyticsPage } from './analytics';

function fakePage() {
  const scripts: { async: boolean; src: string; dataset: Record<string, string | undefined> }[] = [];
  const page: AnalyticsPage = {
    head: { appendChild: (node) => scripts.push(node as (typeof scripts)[number]) },
    hasScript: (id) => scripts.some((s) => s.dataset.gtm === id),
    createScript: () => ({ async: false, src: '', dataset: {} }),
  };
  return { page, scripts };
}

describe('analytics', () => {
  it('loads the container script once, after the data layer start event', () => {
    const { page, scripts } = fakePage();
    expect(startAnalytics('GTM-ABC123', page)).toBe(true);
    expect(scripts).toEqual([
      {
        async: true,
        src: 'https://www.googletagmanager.com/gtm.js?id=GTM-ABC123',
        dataset: { gtm: 'GTM-ABC123' },
      },
    ]);
    expect(page.dataLayer).toEqual([{ 'gtm.start': expect.any(Number), event: 'gtm.js' }]);
    expect(startAnalytics('GTM-ABC123', page)).toBe(false);
    expect(scripts).toHaveLength(1);
  });

  it('does nothing without an id or with one that is not a container id', () => {
    const { page, scripts } = fakePage();
    expect(startAnalytics(undefined, page)).toBe(false);
    expect(startAnalytics('', page)).toBe(false);
    expect(startAnalytics('GTM-x"><script>', page)).toBe(false);
    expect(gtmScriptUrl('UA-12345')).toBeNull();
    expect(scripts).toEqual([]);
    expect(page.dataLayer).toBeUndefined();
  });
});
