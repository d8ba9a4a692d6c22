// How fast an answer is emitted, and how the layers of settings combine: server defaults, then the
// behaviour's preference, then request headers, then the request body (the most specific wins).
import type { IncomingHttpHeaders } from 'node:http';

export interface SimDefaults {
  /** Paced units (tokens) per second; Infinity emits everything at once. */
  tokensPerSecond: number;
  /** Wait before the first token, like a provider's time to first token. */
  firstTokenDelayMs: number;
}

/** Fast by default so tests stay quick. */
export const DEFAULT_SIM_DEFAULTS: SimDefaults = { tokensPerSecond: 200, firstTokenDelayMs: 0 };

export const TOKENS_PER_SECOND_HEADER = 'x-sim-tokens-per-second';
export const FIRST_TOKEN_DELAY_HEADER = 'x-sim-first-token-delay-ms';

/** Merges layers left to right; undefined fields never overwrite. */
export function mergePacing(...layers: (Partial<SimDefaults> | undefined)[]): SimDefaults {
  const result = { ...DEFAULT_SIM_DEFAULTS };
  for (const layer of layers) {
    if (layer?.tokensPerSecond !== undefined) result.tokensPerSecond = layer.tokensPerSecond;
    if (layer?.firstTokenDelayMs !== undefined) result.firstTokenDelayMs = layer.firstTokenDelayMs;
  }
  return result;
}

/** Reads `x-sim-*` headers; malformed values are ignored rather than failing the request. */
export function pacingFromHeaders(headers: IncomingHttpHeaders): Partial<SimDefaults> {
  return pickValid({
    tokensPerSecond: headers[TOKENS_PER_SECOND_HEADER],
    firstTokenDelayMs: headers[FIRST_TOKEN_DELAY_HEADER],
  });
}

/** Reads a body's `sim: { tokensPerSecond, firstTokenDelayMs }` field, with the same leniency. */
export function pacingFromBody(sim: unknown): Partial<SimDefaults> {
  if (typeof sim !== 'object' || sim === null) return {};
  const { tokensPerSecond, firstTokenDelayMs } = sim as Record<string, unknown>;
  return pickValid({ tokensPerSecond, firstTokenDelayMs });
}

function pickValid(raw: { tokensPerSecond: unknown; firstTokenDelayMs: unknown }): Partial<SimDefaults> {
  const result: Partial<SimDefaults> = {};
  const tps = toNumber(raw.tokensPerSecond);
  if (tps !== undefined && tps > 0) result.tokensPerSecond = tps;
  const delay = toNumber(raw.firstTokenDelayMs);
  if (delay !== undefined && delay >= 0 && Number.isFinite(delay)) result.firstTokenDelayMs = delay;
  return result;
}

function toNumber(value: unknown): number | undefined {
  const single = Array.isArray(value) ? value[0] : value;
  if (typeof single === 'number') return Number.isNaN(single) ? undefined : single;
  if (typeof single !== 'string' || single.trim() === '') return undefined;
  const parsed = Number(single);
  return Number.isNaN(parsed) ? undefined : parsed;
}
