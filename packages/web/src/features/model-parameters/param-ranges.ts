import { anthropicOutputCap, BEDROCK_DEFAULTS, bedrockSubProvider } from '@parley/schema';

export { anthropicOutputCap };

/**
 * Model parameter controls per endpoint family, with each family's ranges and defaults.
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

const CONTROLS: Record<Exclude<EndpointFamily, 'bedrock'>, ParamControl[]> = {
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
};

/** Custom and Azure endpoints speak the OpenAI protocol, so they take its parameters. */
export function familyOf(endpoint: string, endpointType: string | null | undefined): EndpointFamily {
  if (endpoint === 'google' || endpointType === 'google') return 'google';
  if (endpoint === 'anthropic' || endpointType === 'anthropic') return 'anthropic';
  if (endpoint === 'bedrock' || endpointType === 'bedrock') return 'bedrock';
  return 'openAI';
}

/**
 * Bedrock sliders by the model's maker: temperature 0 to 1 with a default per maker;
 * topP 0 to 1 (Cohere 0.01 to 0.99); topK 0 to 500 for Anthropic models only.
 */
function bedrockSliders(model: string): ParamControl[] {
  const maker = bedrockSubProvider(model);
  const defaults = BEDROCK_DEFAULTS[maker];
  const cohere = maker === 'cohere';
  const sliders: ParamControl[] = [
    { key: 'temperature', kind: 'slider', min: 0, max: 1, step: 0.01, default: defaults.temperature },
    {
      key: 'topP',
      kind: 'slider',
      min: cohere ? 0.01 : 0,
      max: cohere ? 0.99 : 1,
      step: 0.01,
      default: defaults.topP,
    },
  ];
  if (maker === 'anthropic')
    sliders.push({ key: 'topK', kind: 'slider', min: 0, max: 500, step: 1, default: 0, int: true });
  return sliders;
}

/** Bedrock: the text fields, the maker's sliders, then the token limits (Claude's output cap). */
function bedrockControls(model: string): ParamControl[] {
  const cap = bedrockSubProvider(model) === 'anthropic' ? anthropicOutputCap(model) : 1_000_000;
  return [
    ...COMMON_TEXT,
    ...bedrockSliders(model),
    { key: 'maxTokens', kind: 'number', min: 1, max: cap },
    { key: 'maxContextTokens', kind: 'number', min: 1, max: 10_000_000 },
  ];
}

export function controlsFor(
  endpoint: string,
  endpointType: string | null | undefined,
  model: string,
): ParamControl[] {
  const family = familyOf(endpoint, endpointType);
  if (family === 'bedrock') return bedrockControls(model);
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

/**
 * The setup after a model switch within an endpoint: numbers the user set are brought into the
 * new model's ranges (a Bedrock Cohere model's topP, an older Claude's output cap), so the next
 * request is not refused for a value the panel no longer allows.
 */
export function fitParameters<T extends { endpoint: string; endpointType?: string | null; model: string }>(
  setup: T,
): T {
  const next: Record<string, unknown> = { ...setup };
  for (const control of controlsFor(setup.endpoint, setup.endpointType, setup.model)) {
    if ((control.kind === 'slider' || control.kind === 'number') && next[control.key] !== undefined)
      next[control.key] = coerceParam(control, next[control.key]);
    if (next[control.key] === undefined) delete next[control.key];
  }
  return next as T;
}
