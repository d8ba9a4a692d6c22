import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

export interface PageWeight {
  kB: number;
  files: { file: string; bytes: number }[];
}

/** The mark prefetch-chat-path.ts sets when it starts fetching the chat path on idle. */
export const CHAT_PREFETCH_MARK = 'parley:chat-prefetch';

/**
 * Counts the gzip size of every JS and CSS response the page requests. Call before navigating;
 * `settle()` waits until 1 s passes with no new response, then sums them. Files first requested
 * after the chat's idle prefetch started (CHAT_PREFETCH_MARK) are left out: they load after the
 * composer is usable and do not weigh on the first load.
 */
export function recordScriptAndStyleWeight(page: Page): { settle(): Promise<PageWeight> } {
  const sizes = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    const url = response.url();
    const type = response.headers()['content-type'] ?? '';
    if (!/javascript|css/.test(type) && !/\.(m?js|css)(\?|$)/.test(url)) return;
    sizes.set(
      url,
      response
        .body()
        .then((body) => gzipSync(body, { level: 9 }).length)
        .catch(() => 0),
    );
  });
  return {
    async settle() {
      let before = -1;
      while (before !== sizes.size) {
        before = sizes.size;
        await page.waitForTimeout(1000);
      }
      const prefetched = new Set(
        await page.evaluate((mark) => {
          const at = performance.getEntriesByName(mark)[0]?.startTime;
          if (at === undefined) return [];
          return performance
            .getEntriesByType('resource')
            .filter((entry) => entry.startTime >= at)
            .map((entry) => entry.name);
        }, CHAT_PREFETCH_MARK),
      );
      const files = await Promise.all(
        [...sizes]
          .filter(([url]) => !prefetched.has(url))
          .map(async ([url, size]) => ({ file: new URL(url).pathname, bytes: await size })),
      );
      const kB = Math.round((files.reduce((sum, f) => sum + f.bytes, 0) / 1024) * 10) / 10;
      if (process.env.VERBOSE) {
        for (const f of [...files].sort((a, b) => b.bytes - a.bytes)) console.error(`${f.bytes}\t${f.file}`);
      }
      return { kB, files };
    },
  };
}
