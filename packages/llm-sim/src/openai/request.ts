// Validates a Chat Completions body and maps it onto the neutral SimRequest, with the options that
// matter to the simulator (streaming, usage, token limit, pacing overrides).
import type { SimMessage, SimRequest, SimRole } from '../conversation.ts';
import { imageFromDataUrl } from '../images.ts';
import { asArray } from '../json-values.ts';
import { pacingFromBody, type SimDefaults } from '../pacing.ts';
import type { SimError } from '../script.ts';

export interface ChatRequest {
  sim: SimRequest;
  stream: boolean;
  includeUsage: boolean;
  maxTokens?: number;
  /** The body's `sim` field; the most specific pacing layer. */
  pacing: Partial<SimDefaults>;
}

export type ParseResult = { ok: true; value: ChatRequest } | { ok: false; error: SimError };

const ROLES: Readonly<Record<string, SimRole>> = {
  system: 'system',
  developer: 'system',
  user: 'user',
  assistant: 'assistant',
  tool: 'tool',
  function: 'tool',
};

export function parseChatRequest(body: unknown, modelOverride?: string): ParseResult {
  if (!isRecord(body)) return invalid('The request body must be a JSON object.');
  const model = modelOverride ?? body.model;
  const { messages } = body;
  if (typeof model !== 'string' || model === '')
    return invalid('You must provide a model parameter.', 'model');
  if (!Array.isArray(messages)) return invalid("Missing required parameter: 'messages'.", 'messages');
  if (messages.length === 0) return invalid("Invalid 'messages': empty array.", 'messages');
  const parsed: SimMessage[] = [];
  for (const [index, message] of messages.entries()) {
    const result = parseMessage(message, index);
    if ('error' in result) return { ok: false, error: result.error };
    parsed.push(result);
  }
  const maxTokens = parseMaxTokens(body);
  if (maxTokens === null) return invalid("Invalid 'max_tokens': expected a positive integer.", 'max_tokens');
  return {
    ok: true,
    value: {
      sim: { model, messages: parsed },
      stream: body.stream === true,
      includeUsage: isRecord(body.stream_options) && body.stream_options.include_usage === true,
      maxTokens,
      pacing: pacingFromBody(body.sim),
    },
  };
}

function parseMessage(message: unknown, index: number): SimMessage | { error: SimError } {
  const role = isRecord(message) && typeof message.role === 'string' ? ROLES[message.role] : undefined;
  if (!isRecord(message) || !role) {
    return { error: invalidError(`Invalid 'messages[${index}].role'.`, `messages[${index}].role`) };
  }
  const toolCallId = typeof message.tool_call_id === 'string' ? message.tool_call_id : undefined;
  const images = asArray(message.content)
    .filter(isRecord)
    .flatMap((part) =>
      part.type === 'image_url' && isRecord(part.image_url) ? [imageFromDataUrl(part.image_url.url)] : [],
    )
    .filter((image) => image !== undefined);
  return {
    role,
    text: contentText(message.content),
    ...(toolCallId ? { toolCallId } : {}),
    ...(images.length > 0 ? { images } : {}),
  };
}

/** A string, or the text parts of an array content (images and audio are skipped). */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter(
      (part): part is { type: 'text'; text: string } =>
        isRecord(part) && part.type === 'text' && typeof part.text === 'string',
    )
    .map((part) => part.text)
    .join('\n');
}

/** undefined when absent, null when present but unusable. `max_completion_tokens` is the newer name. */
function parseMaxTokens(body: Record<string, unknown>): number | undefined | null {
  const value = body.max_completion_tokens ?? body.max_tokens;
  if (value === undefined || value === null) return undefined;
  return Number.isInteger(value) && (value as number) > 0 ? (value as number) : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalidError(message: string, param?: string): SimError {
  return { kind: 'bad-request', status: 400, message, ...(param ? { param } : {}) };
}

function invalid(message: string, param?: string): ParseResult {
  return { ok: false, error: invalidError(message, param) };
}
