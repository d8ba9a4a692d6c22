/**
 * Provider fallbacks (parley.yaml `fallbacks`): why a model was passed over, and the record an
 * answer keeps of the models that failed before the one that answered.
 */

/** 429; a 5xx; no answer in time; no connection at all (refused, reset, unknown host). */
export const FALLBACK_REASONS = ['rate_limited', 'server_error', 'timeout', 'unreachable'] as const;
export type FallbackReason = (typeof FALLBACK_REASONS)[number];

/** One model that failed before its first token, and why (an answer's `fallbackFrom`, in order). */
export interface FailedModel {
  endpoint: string;
  model: string;
  reason: FallbackReason;
  /** The upstream HTTP status, when there was one. */
  status?: number;
}

/** A model of an endpoint, as a fallback rule names it. */
export interface FallbackModelName {
  endpoint: string;
  model: string;
}
