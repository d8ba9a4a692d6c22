// Validates an Anthropic Messages body (`POST /v1/messages`) and maps `system` and `messages` onto
// the neutral SimRequest. `tool_result` blocks become tool messages; blocks marked `cache_control`
// set the prompt-cache breakpoint (see prompt-cache.ts).
import type { SimMessage } from '../conversation.ts';
import { imageFromBase64, type SimImage } from '../images.ts';
import { asArray, asString, isRecord, jsonText, positiveInteger } from '../json-values.ts';
import { pacingFromBody } from '../pacing.ts';
import { CachePrefix } from '../prompt-cache.ts';
import type { Parsed, ParsedGeneration } from '../serve.ts';
import { badRequest } from '../sim-errors.ts';

export interface AnthropicRequest extends ParsedGeneration {
  stream: boolean;
  /** Prompt tokens reported as `cache_read_input_tokens`. */
  cachedTokens: number;
}

export function parseMessagesRequest(body: unknown): Parsed<AnthropicRequest> {
  if (!isRecord(body)) return invalid('The request body must be a JSON object.');
  const { model, messages } = body;
  if (typeof model !== 'string' || model === '') return invalid('model: Field required');
  const maxTokens = positiveInteger(body.max_tokens);
  if (maxTokens === undefined) return invalid('max_tokens: Field required');
  if (maxTokens === null) return invalid('max_tokens: Input should be a positive integer');
  if (!Array.isArray(messages) || messages.length === 0) {
    return invalid('messages: at least one message is required');
  }
  const cache = new CachePrefix();
  const sim: SimMessage[] = systemMessages(body.system, cache);
  for (const [index, message] of messages.entries()) {
    if (!isRecord(message) || (message.role !== 'user' && message.role !== 'assistant')) {
      return invalid(`messages.${index}.role: Input should be 'user' or 'assistant'`);
    }
    sim.push(...turnMessages(message.role, message.content, cache));
  }
  return {
    ok: true,
    value: {
      sim: { model, messages: sim },
      stream: body.stream === true,
      maxTokens,
      cachedTokens: cache.cachedTokens,
      pacing: pacingFromBody(body.sim),
    },
  };
}

function systemMessages(system: unknown, cache: CachePrefix): SimMessage[] {
  if (typeof system === 'string') {
    cache.add(system);
    return [{ role: 'system', text: system }];
  }
  const texts = asArray(system)
    .filter(isRecord)
    .map((block) => blockText(block, cache));
  return texts.length > 0 ? [{ role: 'system', text: texts.join('\n') }] : [];
}

/** One turn: its text blocks as one message, each `tool_result` block as a tool message after it. */
function turnMessages(role: 'user' | 'assistant', content: unknown, cache: CachePrefix): SimMessage[] {
  if (typeof content === 'string') {
    cache.add(content);
    return [{ role, text: content }];
  }
  const texts: string[] = [];
  const results: SimMessage[] = [];
  const images: SimImage[] = [];
  for (const block of asArray(content).filter(isRecord)) {
    if (block.type === 'image' && isRecord(block.source)) {
      const image = imageFromBase64(block.source.media_type, block.source.data);
      if (image) images.push(image);
      if (block.cache_control) cache.mark();
    } else if (block.type === 'tool_result') {
      const text = blockText({ ...block, text: toolResultText(block.content) }, cache);
      const id = asString(block.tool_use_id);
      results.push({ role: 'tool', text, ...(id ? { toolCallId: id } : {}) });
    } else if (block.type === 'text') {
      texts.push(blockText(block, cache));
    } else if (block.cache_control) {
      cache.mark();
    }
  }
  const turn: SimMessage = { role, text: texts.join('\n'), ...(images.length > 0 ? { images } : {}) };
  return texts.length > 0 || images.length > 0 || results.length === 0 ? [turn, ...results] : results;
}

/** A text-carrying block's text, counted towards the cache prefix (and marking it when asked). */
function blockText(block: Record<string, unknown>, cache: CachePrefix): string {
  const text = asString(block.text) ?? '';
  cache.add(text);
  if (block.cache_control) cache.mark();
  return text;
}

function toolResultText(content: unknown): string {
  if (!Array.isArray(content)) return jsonText(content ?? '');
  return content
    .filter(isRecord)
    .map((part) => asString(part.text) ?? '')
    .join('\n');
}

function invalid(message: string): Parsed<AnthropicRequest> {
  return { ok: false, error: badRequest(message) };
}
