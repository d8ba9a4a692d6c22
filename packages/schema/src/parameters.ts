import { z } from 'zod';

/**
 * Model parameters per endpoint family (002 §5 ranges, §9 defaults). A chat request or a preset is
 * first read with wide bounds (chat.ts); the server then checks it against its endpoint's family
 * here, so an out-of-range value is a 400 naming the field.
 */

export const REASONING_EFFORTS = ['none', 'low', 'medium', 'high'] as const;
export const REASONING_SUMMARIES = ['none', 'auto', 'concise', 'detailed'] as const;
export const IMAGE_DETAILS = ['low', 'auto', 'high'] as const;
/** Stop sequences per request (002 §5: 0 to 4). */
export const MAX_STOP_SEQUENCES = 4;

/** Parameter families: Azure and custom endpoints speak OpenAI's protocol and take its parameters. */
export type ParameterFamily = 'openAI' | 'anthropic' | 'google' | 'bedrock';

/** Numeric parameters accept strings; a blank string (or null) becomes unset (002 §5). */
export function numericParam(min: number, max: number, int = false) {
  const base = int ? z.number().int('must be a whole number') : z.number();
  return z.preprocess(
    (v) => {
      if (v === null || v === undefined) return undefined;
      if (typeof v === 'string') return v.trim() === '' ? undefined : Number(v);
      return v;
    },
    base.min(min, `must be at least ${min}`).max(max, `must be at most ${max}`).optional(),
  );
}

/** A boolean that also accepts "true"/"false" (query strings, form values); null is unset. */
export const booleanParam = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v === null ? undefined : v),
  z.boolean().optional(),
);

const nullableEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === null || v === '' ? undefined : v), z.enum(values).optional());

export const stopSequencesSchema = z
  .array(z.string().max(200))
  .max(MAX_STOP_SEQUENCES, `at most ${MAX_STOP_SEQUENCES} stop sequences`)
  .nullish();

/** §9 defaults. OpenAI's equal the API's own, so they are not sent; the others are. */
export const PARAMETER_DEFAULTS = {
  openAI: { temperature: 1, top_p: 1, frequency_penalty: 0, presence_penalty: 0 },
  google: { temperature: 1, topP: 0.95, topK: 40, maxOutputTokens: 8192, thinking: true, thinkingBudget: -1 },
  anthropic: {
    temperature: 1,
    topP: 0.7,
    topK: 5,
    maxOutputTokens: 8192,
    legacyMaxOutputTokens: 4096,
    thinking: true,
    thinkingBudget: 2000,
    promptCache: true,
  },
} as const;

/** Anthropic's output limit: 4096 tokens for the generations before 3.5 (002 §5), else 128000. */
export const ANTHROPIC_MAX_OUTPUT_TOKENS = 128_000;
export const ANTHROPIC_LEGACY_MAX_OUTPUT_TOKENS = 4096;

/**
 * Claude models older than the 3.5 generation (claude-2, claude-instant, claude-3 opus/sonnet/
 * haiku): 002 §5 caps their output at 4096 tokens. The 3.5 and 3.7 generations and the later
 * ones (claude-*-4 and up) are not capped.
 */
export function isLegacyClaude(model: string): boolean {
  const m = model.toLowerCase();
  if (!m.includes('claude')) return false;
  if (/claude-3[-.]?[57]/.test(m)) return false;
  if (/claude-(?:[a-z]+-)?[4-9]/.test(m)) return false;
  return true;
}

export function anthropicOutputCap(model: string): number {
  return isLegacyClaude(model) ? ANTHROPIC_LEGACY_MAX_OUTPUT_TOKENS : ANTHROPIC_MAX_OUTPUT_TOKENS;
}

/** Claude models with extended thinking (3.7 and the 4th generation on). */
export function claudeSupportsThinking(model: string): boolean {
  const m = model.toLowerCase();
  return /claude-3[-.]?7/.test(m) || /claude-(?:[a-z]+-)?[4-9]/.test(m);
}

/** Gemini models with a thinking budget (2.5 and later, and the "thinking" variants). */
export function geminiSupportsThinking(model: string): boolean {
  const m = model.toLowerCase();
  return /gemini-(?:2\.5|[3-9])/.test(m) || m.includes('thinking');
}

export const BEDROCK_SUB_PROVIDERS = ['anthropic', 'meta', 'mistral', 'cohere', 'amazon', 'other'] as const;
export type BedrockSubProvider = (typeof BEDROCK_SUB_PROVIDERS)[number];

/**
 * The model maker of a Bedrock model id (`anthropic.claude-…`, `us.meta.llama…`): the part before
 * the first dot, after an optional cross-region prefix.
 */
export function bedrockSubProvider(modelId: string): BedrockSubProvider {
  const id = modelId.toLowerCase().replace(/^(?:us|eu|apac|us-gov|global|jp|au|ca)\./, '');
  const maker = id.split('.')[0] ?? '';
  return (BEDROCK_SUB_PROVIDERS as readonly string[]).includes(maker)
    ? (maker as BedrockSubProvider)
    : 'other';
}

/** Bedrock slider defaults by sub-provider (002 §5). */
export const BEDROCK_DEFAULTS: Record<BedrockSubProvider, { temperature: number; topP: number }> = {
  anthropic: { temperature: 1, topP: 0.999 },
  mistral: { temperature: 0.7, topP: 0.9 },
  cohere: { temperature: 0.3, topP: 0.75 },
  meta: { temperature: 0.5, topP: 0.9 },
  amazon: { temperature: 0.5, topP: 0.9 },
  other: { temperature: 0.5, topP: 0.9 },
};

/** Fields every family shares: context budget, system prompt handling, files. */
const commonFields = {
  maxContextTokens: numericParam(1, 100_000_000, true),
  stop: stopSequencesSchema,
  resendFiles: booleanParam,
  imageDetail: nullableEnum(IMAGE_DETAILS),
};

export const openAIParametersSchema = z.object({
  ...commonFields,
  temperature: numericParam(0, 2),
  top_p: numericParam(0, 1),
  topP: numericParam(0, 1),
  frequency_penalty: numericParam(0, 2),
  presence_penalty: numericParam(0, 2),
  max_tokens: numericParam(1, 10_000_000, true),
  maxOutputTokens: numericParam(1, 10_000_000, true),
  reasoning_effort: nullableEnum(REASONING_EFFORTS),
  reasoning_summary: nullableEnum(REASONING_SUMMARIES),
  useResponsesApi: booleanParam,
});
export type OpenAIParameters = z.infer<typeof openAIParametersSchema>;

export const googleParametersSchema = z.object({
  ...commonFields,
  temperature: numericParam(0, 2),
  topP: numericParam(0, 1),
  top_p: numericParam(0, 1),
  topK: numericParam(1, 40, true),
  maxOutputTokens: numericParam(1, 64_000, true),
  thinking: booleanParam,
  thinkingBudget: numericParam(-1, 32_768, true),
});
export type GoogleParameters = z.infer<typeof googleParametersSchema>;

export function anthropicParametersSchema(model: string) {
  return z.object({
    ...commonFields,
    temperature: numericParam(0, 1),
    topP: numericParam(0, 1),
    top_p: numericParam(0, 1),
    topK: numericParam(1, 40, true),
    maxOutputTokens: numericParam(1, anthropicOutputCap(model), true),
    thinking: booleanParam,
    thinkingBudget: numericParam(1024, 200_000, true),
    promptCache: booleanParam,
  });
}
export type AnthropicParameters = z.infer<ReturnType<typeof anthropicParametersSchema>>;

export function bedrockParametersSchema(model: string) {
  const sub = bedrockSubProvider(model);
  const cap = sub === 'anthropic' ? anthropicOutputCap(model) : 1_000_000;
  return z.object({
    ...commonFields,
    temperature: numericParam(0, 1),
    topP: sub === 'cohere' ? numericParam(0.01, 0.99) : numericParam(0, 1),
    top_p: sub === 'cohere' ? numericParam(0.01, 0.99) : numericParam(0, 1),
    topK: numericParam(0, 500, true),
    maxTokens: numericParam(1, cap, true),
    maxOutputTokens: numericParam(1, cap, true),
    thinking: booleanParam,
    thinkingBudget: numericParam(1024, 200_000, true),
    promptCache: booleanParam,
    region: z.string().trim().max(50).nullish(),
  });
}
export type BedrockParameters = z.infer<ReturnType<typeof bedrockParametersSchema>>;

/** The schema a request's parameters must pass for an endpoint family and model. */
export function parametersSchemaFor(family: ParameterFamily, model: string) {
  switch (family) {
    case 'anthropic':
      return anthropicParametersSchema(model);
    case 'google':
      return googleParametersSchema;
    case 'bedrock':
      return bedrockParametersSchema(model);
    default:
      return openAIParametersSchema;
  }
}

/**
 * The widest bounds of any family: what a chat request or preset may carry before its endpoint
 * is known. Also the conversation fields of 000 §3 that set up a model.
 */
export const wideParametersShape = {
  ...commonFields,
  temperature: numericParam(0, 2),
  top_p: numericParam(0, 1),
  topP: numericParam(0, 1),
  topK: numericParam(0, 500, true),
  frequency_penalty: numericParam(-2, 2),
  presence_penalty: numericParam(-2, 2),
  max_tokens: numericParam(1, 10_000_000, true),
  maxOutputTokens: numericParam(1, 10_000_000, true),
  maxTokens: numericParam(1, 10_000_000, true),
  reasoning_effort: nullableEnum(REASONING_EFFORTS),
  reasoning_summary: nullableEnum(REASONING_SUMMARIES),
  useResponsesApi: booleanParam,
  thinking: booleanParam,
  thinkingBudget: numericParam(-1, 200_000, true),
  promptCache: booleanParam,
  region: z.string().trim().max(50).nullish(),
  /** Anthropic-style alias of promptPrefix. */
  system: z.string().max(100_000).nullish(),
};

/** `POST /api/tokenizer`: `{arg}` (a text, or `{text}`) → `{count}`. */
export const tokenizerRequestSchema = z.object({
  arg: z.union([
    z.string().max(2_000_000, 'arg must be at most 2000000 characters'),
    z.object({ text: z.string().max(2_000_000) }),
  ]),
});
export interface TokenCount {
  count: number;
}
