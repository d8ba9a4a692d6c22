import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock';
import type { JSONObject } from '@ai-sdk/provider';
import { bedrockSubProvider } from '@parley/schema';
import {
  createAiSdkProvider,
  markCacheBreakpoints,
  standardSettings,
  toModelMessages,
} from './ai-sdk-provider.ts';
import type { ModelParameters, Provider } from './provider.ts';

export interface BedrockCredentials {
  accessKeyId?: string;
  secretAccessKey?: string;
  sessionToken?: string;
}

export interface BedrockOptions extends BedrockCredentials {
  region: string;
  /** Replaces `https://bedrock-runtime.{region}.amazonaws.com` (a proxy, or the simulator). */
  baseURL?: string;
  fetch?: typeof fetch;
}

const CACHE_POINT = { bedrock: { cachePoint: { type: 'default' } } };

/**
 * Amazon Bedrock through the Converse API, for every sub-provider (Anthropic, Meta, Mistral,
 * Cohere, Amazon). The sub-provider decides what goes beyond Converse's common inference
 * settings: Anthropic models take `top_k` and extended thinking as additional request fields.
 * The region may differ per request (the conversation's `region`).
 */
export function createBedrockProvider(opts: BedrockOptions): Provider {
  const sdkFor = (region: string) =>
    createAmazonBedrock({
      region,
      accessKeyId: opts.accessKeyId,
      secretAccessKey: opts.secretAccessKey,
      sessionToken: opts.sessionToken,
      baseURL: opts.baseURL,
      fetch: opts.fetch,
    });
  const sdks = new Map<string, ReturnType<typeof createAmazonBedrock>>();
  const sdk = (region: string) => {
    let s = sdks.get(region);
    if (!s) sdks.set(region, (s = sdkFor(region)));
    return s;
  };
  return createAiSdkProvider({
    prepare: (request) => {
      const p = request.parameters;
      const messages = toModelMessages(request.messages);
      return {
        model: sdk(p.region ?? opts.region)(request.model),
        messages: p.promptCache ? markCacheBreakpoints(messages, CACHE_POINT) : messages,
        settings: standardSettings(p),
        providerOptions: { bedrock: bedrockOptions(request.model, p) },
      };
    },
    // Bedrock's model catalogue is a control-plane call with other permissions; use the configured list.
    listModels: async () => {
      throw new Error('Bedrock models come from the configuration');
    },
  });
}

function bedrockOptions(model: string, p: ModelParameters): JSONObject {
  const result: JSONObject = {};
  if (bedrockSubProvider(model) === 'anthropic') {
    if (p.topK !== undefined && !p.thinking) result.additionalModelRequestFields = { top_k: p.topK };
    if (p.thinking && p.thinkingBudget)
      result.reasoningConfig = { type: 'enabled', budgetTokens: p.thinkingBudget };
  }
  return result;
}
