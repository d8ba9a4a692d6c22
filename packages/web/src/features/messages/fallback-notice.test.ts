import { describe, expect, it } from 'vitest';
import type { EndpointsConfig } from '@parley/schema';
import { fallbackNames } from './fallback-notice';

const endpoints = {
  Demo: { modelInfo: { echo: { label: 'Echo' } } },
} as unknown as EndpointsConfig;

describe('fallbackNames', () => {
  it('names the answering model and the failed ones by their configured names', () => {
    expect(
      fallbackNames(
        {
          endpoint: 'Demo',
          model: 'echo',
          fallbackFrom: [
            { endpoint: 'Demo', model: 'error-429-then-500', reason: 'rate_limited', status: 429 },
            { endpoint: 'Other', model: 'x', reason: 'server_error', status: 500 },
          ],
        },
        endpoints,
      ),
    ).toEqual({ answered: 'Echo', failed: ['error-429-then-500', 'x'] });
  });

  it('is null on an answer its own model gave', () => {
    expect(fallbackNames({ endpoint: 'Demo', model: 'echo' }, endpoints)).toBeNull();
    expect(fallbackNames({ endpoint: 'Demo', model: 'echo', fallbackFrom: [] }, endpoints)).toBeNull();
  });
});
