// Validates a Responses API body (`POST /v1/responses`) and maps its `instructions` and `input` items
// onto the neutral SimRequest. Items a stateless simulator cannot resolve (`item_reference`, earlier
// reasoning) are skipped: behaviours only need the user turns and the tool results.
import type { SimMessage, SimRole } from '../conversation.ts';
import { imageFromDataUrl } from '../images.ts';
import { asArray, asString, isRecord, jsonText, positiveInteger } from '../json-values.ts';
import { pacingFromBody } from '../pacing.ts';
import type { Parsed, ParsedGeneration } from '../serve.ts';
import { badRequest } from '../sim-errors.ts';

export interface ResponsesRequest extends ParsedGeneration {
  stream: boolean;
}

const ROLES: Readonly<Record<string, SimRole>> = {
  system: 'system',
  developer: 'system',
  user: 'user',
  assistant: 'assistant',
};

export function parseResponsesRequest(body: unknown): Parsed<ResponsesRequest> {
  if (!isRecord(body)) return invalid('The request body must be a JSON object.');
  const { model, input } = body;
  if (typeof model !== 'string' || model === '')
    return invalid('Missing required parameter: model.', 'model');
  if (typeof input !== 'string' && !Array.isArray(input)) {
    return invalid("Missing required parameter: 'input'.", 'input');
  }
  const maxTokens = positiveInteger(body.max_output_tokens);
  if (maxTokens === null) {
    return invalid("Invalid 'max_output_tokens': expected a positive integer.", 'max_output_tokens');
  }
  const messages: SimMessage[] = [];
  const instructions = asString(body.instructions);
  if (instructions) messages.push({ role: 'system', text: instructions });
  if (typeof input === 'string') messages.push({ role: 'user', text: input });
  for (const [index, item] of asArray(input).entries()) {
    const message = inputItem(item);
    if (message === null) return invalid(`Invalid 'input[${index}]'.`, `input[${index}]`);
    if (message) messages.push(message);
  }
  return {
    ok: true,
    value: {
      sim: { model, messages },
      stream: body.stream === true,
      maxTokens,
      pacing: pacingFromBody(body.sim),
    },
  };
}

/** A message for the item, undefined for items to skip, null for malformed ones. */
function inputItem(item: unknown): SimMessage | undefined | null {
  if (!isRecord(item)) return null;
  if (item.type === 'function_call_output') {
    const callId = asString(item.call_id);
    return { role: 'tool', text: outputText(item.output), ...(callId ? { toolCallId: callId } : {}) };
  }
  if (item.type !== undefined && item.type !== 'message') return undefined;
  const role = typeof item.role === 'string' ? ROLES[item.role] : undefined;
  if (!role) return null;
  const images = asArray(item.content)
    .filter(isRecord)
    .flatMap((part) => (part.type === 'input_image' ? [imageFromDataUrl(part.image_url)] : []))
    .filter((image) => image !== undefined);
  return { role, text: contentText(item.content), ...(images.length > 0 ? { images } : {}) };
}

/** A string, or the text parts (`input_text`, `output_text`) joined by newlines. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  return asArray(content)
    .filter(isRecord)
    .map((part) => asString(part.text))
    .filter((text): text is string => text !== undefined)
    .join('\n');
}

function outputText(output: unknown): string {
  return Array.isArray(output) ? contentText(output) : jsonText(output);
}

function invalid(message: string, param?: string): Parsed<ResponsesRequest> {
  return { ok: false, error: badRequest(message, param) };
}
