/**
 * Model parameter controls per endpoint family, with the ranges and defaults of 002 §5 and §9.
 * Numeric params accept strings; a blank becomes unset.
 */
export type ParamControl =
  | { key: string; kind: 'slider'; min: number; max: number; step: number; default: number; int?: boolean }
  | { key: string; kind: 'number'; min: number; max: number; default?: number }
  | { key: string; kind: 'switch'; default: boolean }
  | { key: string; kind: 'text'; multiline?: boolean }
  | { key: string; kind: 'tags'; max: number };

export type EndpointFamily = 'openAI' | 'google' | 'anthropic' | 'bedrock';

const COMMON_TEXT: ParamControl[] = [
  { key: 'modelLabel', kind: 'text' },
  { key: 'promptPrefix', kind: 'text', multiline: true },
];

const CONTROLS: Record<EndpointFamily, ParamControl[]> = {
  openAI: [
    ...COMMON_TEXT,
    { key: 'temperature', kind: 'slider', min: 0, max: 2, step: 0.01, default: 1 },
    { key: 'top_p', kind: 'slider', min: 0, max: 1, step: 0.01, default: 1 },
    { key: 'frequency_penalty', kind: 'slider', min: 0, max: 2, step: 0.01, default: 0 },
    { key: 'presence_penalty', kind: 'slider', min: 0, max: 2, step: 0.01, default: 0 },
    { key: 'max_tokens', kind: 'number', min: 1, max: 1_000_000 },
    { key: 'maxContextTokens', kind: 'number', min: 1, max: 10_000_000 },
    { key: 'stop', kind: 'tags', max: 4 },
  ],
  google: [
    ...COMMON_TEXT,
    { key: 'temperature', kind: 'slider', min: 0, max: 2, step: 0.01, default: 1 },
    { key: 'topP', kind: 'slider', min: 0, max: 1, step: 0.01, default: 0.95 },
    { key: 'topK', kind: 'slider', min: 1, max: 40, step: 1, default: 40, int: true },
    { key: 'maxOutputTokens', kind: 'slider', min: 1, max: 64_000, step: 1, default: 8192, int: true },
    { key: 'thinkingBudget', kind: 'slider', min: -1, max: 32_768, step: 1, default: -1, int: true },
    { key: 'maxContextTokens', kind: 'number', min: 1, max: 10_000_000 },
  ],
  anthropic: [
    ...COMMON_TEXT,
    { key: 'temperature', kind: 'slider', min: 0, max: 1, step: 0.01, default: 1 },
    { key: 'topP', kind: 'slider', min: 0, max: 1, step: 0.01, default: 0.7 },
    { key: 'topK', kind: 'slider', min: 1, max: 40, step: 1, default: 5, int: true },
    { key: 'maxOutputTokens', kind: 'slider', min: 1, max: 128_000, step: 1, default: 8192, int: true },
    { key: 'thinking', kind: 'switch', default: true },
    { key: 'thinkingBudget', kind: 'slider', min: 1024, max: 200_000, step: 1, default: 2000, int: true },
    { key: 'promptCache', kind: 'switch', default: true },
    { key: 'maxContextTokens', kind: 'number', min: 1, max: 10_000_000 },
  ],
  bedrock: [
    ...COMMON_TEXT,
    { key: 'temperature', kind: 'slider', min: 0, max: 1, step: 0.01, default: 1 },
    { key: 'topP', kind: 'slider', min: 0, max: 1, step: 0.01, default: 0.999 },
    { key: 'topK', kind: 'slider', min: 0, max: 500, step: 1, default: 0, int: true },
    { key: 'maxTokens', kind: 'number', min: 1, max: 1_000_000 },
    { key: 'maxContextTokens', kind: 'number', min: 1, max: 10_000_000 },
  ],
};

/** Custom and Azure endpoints speak the OpenAI protocol, so they take its parameters. */
export function familyOf(endpoint: string, endpointType: string | null | undefined): EndpointFamily {
  if (endpoint === 'google' || endpointType === 'google') return 'google';
  if (endpoint === 'anthropic' || endpointType === 'anthropic') return 'anthropic';
  if (endpoint === 'bedrock' || endpointType === 'bedrock') return 'bedrock';
  return 'openAI';
}

/** Anthropic models before the 3.5 and 3.7 generations cap output at 4096 tokens. */
export function anthropicOutputCap(model: string): number {
  return /claude-3[-.]?[57]|claude-(sonnet|opus|haiku)-4|claude-[4-9]/.test(model) ||
    !model.startsWith('claude')
    ? 128_000
    : 4096;
}

export function controlsFor(
  endpoint: string,
  endpointType: string | null | undefined,
  model: string,
): ParamControl[] {
  const family = familyOf(endpoint, endpointType);
  return CONTROLS[family].map((c) => {
    if (family === 'anthropic' && c.key === 'maxOutputTokens' && c.kind === 'slider') {
      const max = anthropicOutputCap(model);
      return { ...c, max, default: Math.min(c.default, max) };
    }
    return c;
  });
}

/** A typed value for a control: numbers clamped into range; blank means unset. */
export function coerceParam(control: ParamControl, raw: unknown): unknown {
  if (control.kind === 'slider' || control.kind === 'number') {
    if (raw === '' || raw === null || raw === undefined) return undefined;
    const n = typeof raw === 'number' ? raw : Number(raw);
    if (!Number.isFinite(n)) return undefined;
    const clamped = Math.min(control.max, Math.max(control.min, n));
    return control.kind === 'number' || control.int ? Math.round(clamped) : clamped;
  }
  if (control.kind === 'tags') {
    const list = Array.isArray(raw) ? raw.map(String).filter((s) => s.length > 0) : [];
    return list.length ? list.slice(0, control.max) : undefined;
  }
  if (control.kind === 'switch') return typeof raw === 'boolean' ? raw : undefined;
  return typeof raw === 'string' && raw.length > 0 ? raw : undefined;
}
