import {
  anthropicParametersSchema,
  bedrockParametersSchema,
  bedrockSubProvider,
  BEDROCK_DEFAULTS,
  claudeSupportsThinking,
  geminiSupportsThinking,
  googleParametersSchema,
  isLegacyClaude,
  openAIParametersSchema,
  PARAMETER_DEFAULTS,
  type ChatParameters,
  type ParameterFamily,
} from '@parley/schema';
import { badRequest } from '../../errors/app-error.ts';
import { parse } from '../../validation/parse.ts';
import type { ModelParameters } from '../providers/provider.ts';

export interface ResolvedParameters {
  /** What the provider receives, defaults applied. */
  model: ModelParameters;
  /** The conversation's prompt budget, when it sets one. */
  maxContextTokens?: number;
}

export interface ParameterContext {
  family: ParameterFamily;
  model: string;
  /** Bedrock: the regions a request may pick. */
  availableRegions?: string[];
}

const stop = (s: string[] | null | undefined) => (s?.length ? s : undefined);

/**
 * Checks a request's parameters against its endpoint's ranges (out of range → 400 naming the
 * field) and maps them onto the provider's settings with the product's default values: OpenAI-style
 * endpoints send only what is set (their API defaults equal the spec's), Anthropic, Google and
 * Bedrock send the spec's defaults, and thinking is on by default for models that can think.
 */
export function resolveParameters(ctx: ParameterContext, body: ChatParameters): ResolvedParameters {
  switch (ctx.family) {
    case 'anthropic':
      return anthropic(ctx.model, body);
    case 'google':
      return google(ctx.model, body);
    case 'bedrock':
      return bedrock(ctx, body);
    default:
      return openAI(body);
  }
}

function openAI(body: ChatParameters): ResolvedParameters {
  const v = parse(openAIParametersSchema, body);
  return {
    maxContextTokens: v.maxContextTokens,
    model: {
      temperature: v.temperature,
      topP: v.top_p ?? v.topP,
      frequencyPenalty: v.frequency_penalty,
      presencePenalty: v.presence_penalty,
      maxOutputTokens: v.max_tokens ?? v.maxOutputTokens,
      stopSequences: stop(v.stop),
      reasoningEffort: v.reasoning_effort,
      reasoningSummary: v.reasoning_summary === 'none' ? undefined : v.reasoning_summary,
      useResponsesApi: v.useResponsesApi,
    },
  };
}

function anthropic(model: string, body: ChatParameters): ResolvedParameters {
  const v = parse(anthropicParametersSchema(model), body);
  const d = PARAMETER_DEFAULTS.anthropic;
  const thinking = (v.thinking ?? d.thinking) && claudeSupportsThinking(model);
  return {
    maxContextTokens: v.maxContextTokens,
    model: {
      temperature: v.temperature ?? d.temperature,
      topP: v.topP ?? v.top_p ?? d.topP,
      topK: v.topK ?? d.topK,
      maxOutputTokens:
        v.maxOutputTokens ?? (isLegacyClaude(model) ? d.legacyMaxOutputTokens : d.maxOutputTokens),
      stopSequences: stop(v.stop),
      thinking,
      thinkingBudget: thinking ? (v.thinkingBudget ?? d.thinkingBudget) : undefined,
      promptCache: v.promptCache ?? d.promptCache,
    },
  };
}

function google(model: string, body: ChatParameters): ResolvedParameters {
  const v = parse(googleParametersSchema, body);
  const d = PARAMETER_DEFAULTS.google;
  const thinking = (v.thinking ?? d.thinking) && geminiSupportsThinking(model);
  return {
    maxContextTokens: v.maxContextTokens,
    model: {
      temperature: v.temperature ?? d.temperature,
      topP: v.topP ?? v.top_p ?? d.topP,
      topK: v.topK ?? d.topK,
      maxOutputTokens: v.maxOutputTokens ?? d.maxOutputTokens,
      stopSequences: stop(v.stop),
      thinking,
      thinkingBudget: thinking ? (v.thinkingBudget ?? d.thinkingBudget) : undefined,
    },
  };
}

function bedrock(ctx: ParameterContext, body: ChatParameters): ResolvedParameters {
  const { model } = ctx;
  const v = parse(bedrockParametersSchema(model), body);
  const sub = bedrockSubProvider(model);
  const d = BEDROCK_DEFAULTS[sub];
  if (v.region && ctx.availableRegions && !ctx.availableRegions.includes(v.region)) {
    throw badRequest(`Invalid body: region: must be one of ${ctx.availableRegions.join(', ')}`, [
      { path: 'region', message: `must be one of ${ctx.availableRegions.join(', ')}` },
    ]);
  }
  const isClaude = sub === 'anthropic';
  const thinking =
    isClaude && (v.thinking ?? PARAMETER_DEFAULTS.anthropic.thinking) && claudeSupportsThinking(model);
  const claudeMax = isLegacyClaude(model)
    ? PARAMETER_DEFAULTS.anthropic.legacyMaxOutputTokens
    : PARAMETER_DEFAULTS.anthropic.maxOutputTokens;
  return {
    maxContextTokens: v.maxContextTokens,
    model: {
      temperature: v.temperature ?? d.temperature,
      topP: v.topP ?? v.top_p ?? d.topP,
      // Only Anthropic models take top_k on Bedrock (0 to 500).
      topK: isClaude ? v.topK : undefined,
      maxOutputTokens: v.maxTokens ?? v.maxOutputTokens ?? (isClaude ? claudeMax : undefined),
      stopSequences: stop(v.stop),
      thinking,
      thinkingBudget: thinking
        ? (v.thinkingBudget ?? PARAMETER_DEFAULTS.anthropic.thinkingBudget)
        : undefined,
      promptCache: v.promptCache === true,
      region: v.region ?? undefined,
    },
  };
}
