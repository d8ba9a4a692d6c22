import { adjustBody } from './openai-compatible-provider.ts';

/**
 * A fetch that applies parley.yaml `addParams` / `dropParams` to JSON request bodies, for SDK
 * providers that have no body hook of their own (OpenAI, Azure). Without either it is the base
 * fetch unchanged.
 */
export function bodyAdjustingFetch(
  addParams: Record<string, unknown> | undefined,
  dropParams: string[] | undefined,
  base: typeof fetch = fetch,
): typeof fetch | undefined {
  if (!addParams && !dropParams?.length) return base === fetch ? undefined : base;
  return (input, init) => {
    if (typeof init?.body !== 'string') return base(input, init);
    let body: unknown;
    try {
      body = JSON.parse(init.body);
    } catch {
      return base(input, init);
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) return base(input, init);
    const adjusted = adjustBody(body as Record<string, unknown>, addParams, dropParams);
    return base(input, { ...init, body: JSON.stringify(adjusted) });
  };
}
