import type { FallbackReason } from '@parley/schema';
import type { ProviderFailure } from '../providers/provider.ts';

const TIMED_OUT = /time[sd]?[ -_]?out|ETIMEDOUT|UND_ERR_(CONNECT|HEADERS)_TIMEOUT/i;

/**
 * Why a failure means the model is unavailable (so another may answer in its place), or null when
 * it is the request's or the user's own problem (a bad request, a refused key, a prompt too long),
 * which another model would not fix, or Parley's own (`local`). A break after the answer started
 * (`lostConnection`) is never retried: the user saw part of the answer already.
 */
export function unavailableReason(failure: ProviderFailure): FallbackReason | null {
  if (failure.local || failure.lostConnection || failure.key) return null;
  const { status } = failure;
  if (status === 429) return 'rate_limited';
  if (status !== undefined) return status >= 500 ? 'server_error' : null;
  // No HTTP status: the request never got an answer (refused, reset, unknown host, timed out).
  return TIMED_OUT.test(failure.message) ? 'timeout' : 'unreachable';
}
