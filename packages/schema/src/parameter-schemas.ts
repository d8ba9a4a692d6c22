import { z } from 'zod';
import {
  IMAGE_DETAILS,
  MAX_STOP_SEQUENCES,
  REASONING_EFFORTS,
  REASONING_SUMMARIES,
  anthropicOutputCap,
  bedrockSubProvider,
  type ParameterFamily,
} from './parameters.ts';

// The request schemas of model parameters; their ranges, defaults and model rules are in
// parameters.ts, apart from zod, for the web's pages that need only those.

/** Numeric parameters accept strings; a blank string (or null) becomes unset. */
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
 * is known. Also the conversation's other fields that set up a model.
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
