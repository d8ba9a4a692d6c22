/** `models.fetch`: each protocol's model-list call, answering model ids. */

type Fetch = typeof fetch;

async function getJson(
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal | undefined,
  f: Fetch,
) {
  const response = await f(url, { headers, signal });
  if (!response.ok) throw new Error(`GET ${new URL(url).pathname} answered ${response.status}`);
  return (await response.json()) as unknown;
}

const trim = (url: string) => url.replace(/\/+$/, '');

function ids(list: unknown, field: 'id' | 'name'): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((m: Record<string, unknown>) => (typeof m?.[field] === 'string' ? [m[field]] : []));
}

/** OpenAI-style `GET {baseURL}/models` → `data[].id` (OpenAI, Azure v1, custom endpoints). */
export async function listOpenAIModels(
  baseURL: string,
  headers: Record<string, string>,
  signal?: AbortSignal,
  f: Fetch = fetch,
): Promise<string[]> {
  const body = (await getJson(`${trim(baseURL)}/models`, headers, signal, f)) as { data?: unknown };
  return ids(body.data, 'id');
}

/** Anthropic `GET {baseURL}/models` (with `anthropic-version`) → `data[].id`. */
export async function listAnthropicModels(
  baseURL: string,
  apiKey: string,
  signal?: AbortSignal,
  f: Fetch = fetch,
): Promise<string[]> {
  const headers = { 'x-api-key': apiKey, 'anthropic-version': '2023-06-01' };
  const body = (await getJson(`${trim(baseURL)}/models?limit=1000`, headers, signal, f)) as {
    data?: unknown;
  };
  return ids(body.data, 'id');
}

/** Gemini `GET {baseURL}/models` → `models[].name` without the `models/` prefix. */
export async function listGeminiModels(
  baseURL: string,
  apiKey: string,
  signal?: AbortSignal,
  f: Fetch = fetch,
): Promise<string[]> {
  const headers = { 'x-goog-api-key': apiKey };
  const body = (await getJson(`${trim(baseURL)}/models?pageSize=1000`, headers, signal, f)) as {
    models?: unknown;
  };
  return ids(body.models, 'name').map((n) => n.replace(/^models\//, ''));
}
