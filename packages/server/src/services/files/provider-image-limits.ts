import type { EndpointKind } from '../endpoints/endpoint.ts';

/** The largest picture a provider takes: longest edge in pixels and encoded bytes. */
export interface ImageLimits {
  maxEdge: number;
  maxBytes: number;
}

/**
 * Each provider's documented ceilings, with the edge at the size the provider scales down to
 * anyway (sending more only costs upload time): OpenAI fits high detail into 2048 px and takes
 * 20 MB; Anthropic recommends at most 1568 px and refuses more than 5 MB (Bedrock's Converse API
 * 3.75 MB); Gemini takes 3072 px inline within a 20 MB request.
 */
const LIMITS: Record<EndpointKind, ImageLimits> = {
  openAI: { maxEdge: 2048, maxBytes: 20 * 1024 * 1024 },
  azureOpenAI: { maxEdge: 2048, maxBytes: 20 * 1024 * 1024 },
  custom: { maxEdge: 2048, maxBytes: 20 * 1024 * 1024 },
  anthropic: { maxEdge: 1568, maxBytes: 5 * 1024 * 1024 },
  bedrock: { maxEdge: 1568, maxBytes: 3_750_000 },
  google: { maxEdge: 3072, maxBytes: 7 * 1024 * 1024 },
};

export const imageLimitsFor = (kind: EndpointKind): ImageLimits => LIMITS[kind];
