import type { Provider } from './provider.ts';

/**
 * A Provider whose module (and the provider SDK it imports) loads on its first call rather than
 * when the server starts: each AI SDK provider package holds several megabytes of code and
 * source text, and most installs use one or two of them, so an idle server should hold none.
 * `load` must only import and construct: options that can fail (a missing key) are checked by
 * the caller before, so the failure surfaces where it did when the provider was built eagerly.
 */
export function lazyProvider(load: () => Promise<Provider>): Provider {
  let loaded: Promise<Provider> | undefined;
  const provider = () => (loaded ??= load());
  return {
    async *stream(request) {
      yield* (await provider()).stream(request);
    },
    listModels: async (signal) => (await provider()).listModels(signal),
    complete: async (request) => (await provider()).complete(request),
  };
}
