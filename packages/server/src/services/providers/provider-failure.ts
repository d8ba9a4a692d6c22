import { APICallError } from 'ai';
import type { ProviderFailure } from './provider.ts';

/** Which provider failed: Google's refusals have their own error key, `google_error`, whose details the client shows as they are. */
export type FailureSource = 'google' | 'other';

/** Upstream wordings of "the prompt does not fit the context window". */
const CONTEXT_LENGTH =
  /context[_ ]length|context window|maximum context|prompt is too long|too many (input )?tokens|input is too long|exceeds the (maximum|max) (number of )?(input )?tokens|input length/i;

/** Turns whatever a provider SDK threw into a ProviderFailure. */
export function describeFailure(
  error: unknown,
  answerStarted: boolean,
  source: FailureSource = 'other',
): ProviderFailure {
  const status = APICallError.isInstance(error) ? error.statusCode : undefined;
  // A stream that breaks after a successful start (the SDK reports the 200 it began with, or no
  // status at all) lost its upstream: the answer so far is kept as unfinished. An error status,
  // or a failure before any text, is a plain failure.
  if (answerStarted && (status === undefined || status < 400)) {
    return { message: errorMessage(error) || 'Upstream connection lost', lostConnection: true };
  }
  if (APICallError.isInstance(error) && status !== undefined && status >= 400) {
    const retryAfterSeconds = status === 429 ? retryAfterOf(error) : undefined;
    return classify(
      {
        message: upstreamMessage(error),
        status,
        code: upstreamCode(error),
        ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
      },
      source,
    );
  }
  return { message: errorMessage(error) || 'Upstream connection failed' };
}

/**
 * Names the error catalogue's provider error key for an upstream refusal, when one fits: a prompt
 * too long for the context is INPUT_LENGTH, a content filter is moderation, an exhausted quota is
 * insufficient_quota, another bad request is invalid_request_error (google_error from Google).
 * Key, rate-limit and server errors keep a readable message naming the status.
 */
function classify(failure: ProviderFailure, source: FailureSource): ProviderFailure {
  const { status, message, code } = failure;
  if (code === 'insufficient_quota') return { ...failure, code };
  if (code === 'content_filter' || code === 'content_policy_violation')
    return { ...failure, key: 'moderation', info: message };
  if (status === 400 || status === 413) {
    if (code === 'context_length_exceeded' || CONTEXT_LENGTH.test(message))
      return { ...failure, key: 'INPUT_LENGTH', info: message };
  }
  if (status !== undefined && status >= 400 && status < 500 && ![401, 403, 429].includes(status)) {
    return { ...failure, key: source === 'google' ? 'google_error' : 'invalid_request_error', info: message };
  }
  return failure;
}

/** The longest wait a provider's retry-after is believed for; beyond it the user decides. */
export const RETRY_AFTER_MAX_SECONDS = 600;

/**
 * The wait a 429 asks for: the `retry-after` header (seconds, or an HTTP date), or Google's
 * RetryInfo detail (`"retryDelay": "2s"`) in the body. Nonsense, negative or longer than ten
 * minutes counts as not given.
 */
export function retryAfterOf(error: APICallError, now = Date.now()): number | undefined {
  const header = error.responseHeaders?.['retry-after']?.trim();
  const seconds = header ? headerSeconds(header, now) : googleRetryDelay(error);
  if (seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return undefined;
  if (seconds > RETRY_AFTER_MAX_SECONDS) return undefined;
  return Math.ceil(seconds);
}

function headerSeconds(header: string, now: number): number | undefined {
  if (/^\d+(\.\d+)?$/.test(header)) return Number(header);
  // An HTTP date names its weekday and month; a bare number like "-5" is not one.
  if (!/[a-z]/i.test(header)) return undefined;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000);
}

function googleRetryDelay(error: APICallError): number | undefined {
  const data = (error.data as { error?: { details?: unknown } } | undefined) ?? parseBody(error.responseBody);
  const details = (data as { error?: { details?: unknown } } | undefined)?.error?.details;
  if (!Array.isArray(details)) return undefined;
  for (const detail of details as { retryDelay?: unknown }[]) {
    const match =
      typeof detail?.retryDelay === 'string' ? /^(\d+(?:\.\d+)?)s$/.exec(detail.retryDelay) : null;
    if (match) return Number(match[1]);
  }
  return undefined;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

type ErrorBody = {
  error?: { message?: unknown; code?: unknown; type?: unknown; status?: unknown };
  message?: unknown;
};

function upstreamMessage(error: APICallError): string {
  const data = error.data as ErrorBody | undefined;
  // OpenAI, Anthropic and Gemini nest the message under `error`; Bedrock puts it at the top.
  if (typeof data?.error?.message === 'string') return data.error.message;
  if (typeof data?.message === 'string') return data.message;
  const body = parseBody(error.responseBody);
  if (typeof body?.error?.message === 'string') return body.error.message;
  if (typeof body?.message === 'string') return body.message;
  return error.message;
}

function upstreamCode(error: APICallError): string | undefined {
  const data = (error.data as ErrorBody | undefined) ?? parseBody(error.responseBody);
  const code = data?.error?.code;
  return typeof code === 'string' ? code : undefined;
}

function parseBody(text: string | undefined): ErrorBody | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as ErrorBody;
  } catch {
    return undefined;
  }
}
