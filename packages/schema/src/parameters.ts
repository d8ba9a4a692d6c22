/**
 * Model parameters per endpoint family. A chat request or a preset is
 * first read with wide bounds (chat.ts); the server then checks it against its endpoint's family
 * here, so an out-of-range value is a 400 naming the field.
 */

export const REASONING_EFFORTS = ['none', 'low', 'medium', 'high'] as const;
export const REASONING_SUMMARIES = ['none', 'auto', 'concise', 'detailed'] as const;
export const IMAGE_DETAILS = ['low', 'auto', 'high'] as const;
/** Stop sequences per request (0 to 4). */
export const MAX_STOP_SEQUENCES = 4;

/** Parameter families: Azure and custom endpoints speak OpenAI's protocol and take its parameters. */
export type ParameterFamily = 'openAI' | 'anthropic' | 'google' | 'bedrock';

/** Default values per family. OpenAI's equal the API's own, so they are not sent; the others are. */
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

/** Anthropic's output limit: 4096 tokens for the generations before 3.5, else 128000. */
export const ANTHROPIC_MAX_OUTPUT_TOKENS = 128_000;
export const ANTHROPIC_LEGACY_MAX_OUTPUT_TOKENS = 4096;

/**
 * Claude models older than the 3.5 generation (claude-2, claude-instant, claude-3 opus/sonnet/
 * haiku): their output is capped at 4096 tokens. The 3.5 and 3.7 generations and the later
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

/** Bedrock slider defaults by sub-provider. */
export const BEDROCK_DEFAULTS: Record<BedrockSubProvider, { temperature: number; topP: number }> = {
  anthropic: { temperature: 1, topP: 0.999 },
  mistral: { temperature: 0.7, topP: 0.9 },
  cohere: { temperature: 0.3, topP: 0.75 },
  meta: { temperature: 0.5, topP: 0.9 },
  amazon: { temperature: 0.5, topP: 0.9 },
  other: { temperature: 0.5, topP: 0.9 },
};

export interface TokenCount {
  count: number;
}
