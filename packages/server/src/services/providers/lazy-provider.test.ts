import { describe, expect, it } from 'vitest';
import { lazyProvider } from './lazy-provider.ts';
import type { Provider, ProviderEvent, ProviderRequest } from './provider.ts';

const request: ProviderRequest = {
  model: 'm',
  messages: [{ role: 'user', content: 'hi' }],
  parameters: {},
  signal: new AbortController().signal,
};

function countingLoader() {
  const loads = { count: 0 };
  const provider: Provider = {
    async *stream() {
      yield { type: 'text', text: 'hello' };
      yield { type: 'finish', reason: 'stop' };
    },
    listModels: async () => ['a', 'b'],
    complete: async () => 'a title',
  };
  const load = async () => {
    loads.count++;
    return provider;
  };
  return { loads, load };
}

describe('lazyProvider', () => {
  it('loads nothing until the first call, then once for every later call', async () => {
    const { loads, load } = countingLoader();
    const provider = lazyProvider(load);
    expect(loads.count).toBe(0);
    const events: ProviderEvent[] = [];
    for await (const event of provider.stream(request)) events.push(event);
    expect(events).toEqual([
      { type: 'text', text: 'hello' },
      { type: 'finish', reason: 'stop' },
    ]);
    expect(await provider.listModels()).toEqual(['a', 'b']);
    expect(await provider.complete(request)).toBe('a title');
    expect(loads.count).toBe(1);
  });

  it('shares one load between calls that start together', async () => {
    const { loads, load } = countingLoader();
    const provider = lazyProvider(load);
    await Promise.all([provider.listModels(), provider.complete(request), provider.listModels()]);
    expect(loads.count).toBe(1);
  });
});
