// Validates a Bedrock Converse body (`POST /model/{modelId}/converse[-stream]`) and maps `system`
// and `messages` onto the neutral SimRequest. The model id comes from the URL. `toolResult` blocks
// become tool messages; `cachePoint` blocks set the prompt-cache breakpoint (see prompt-cache.ts).
import type { SimMessage } from '../conversation.ts';
import { imageFromBase64, type SimImage } from '../images.ts';
import { asArray, asString, isRecord, jsonText, positiveInteger } from '../json-values.ts';
import { pacingFromBody } from '../pacing.ts';
import { CachePrefix } from '../prompt-cache.ts';
import type { Parsed, ParsedGeneration } from '../serve.ts';
import { badRequest } from '../sim-errors.ts';

export interface ConverseRequest extends ParsedGeneration {
  /** Prompt tokens reported as `cacheReadInputTokens`. */
  cachedTokens: number;
}

export function parseConverseRequest(body: unknown, modelId: string): Parsed<ConverseRequest> {
  if (!isRecord(body)) return invalid('The request body must be a JSON object.');
  const { messages } = body;
  if (!Array.isArray(messages) || messages.length === 0) {
    return invalid('A conversation must start with a user message.');
  }
  const config = isRecord(body.inferenceConfig) ? body.inferenceConfig : {};
  const maxTokens = positiveInteger(config.maxTokens);
  if (maxTokens === null) return invalid('The maximum tokens you requested is not valid.');
  const cache = new CachePrefix();
  const system = blocksText(asArray(body.system), cache);
  const sim: SimMessage[] = system.text ? [{ role: 'system', text: system.text }] : [];
  for (const message of messages) {
    if (!isRecord(message) || (message.role !== 'user' && message.role !== 'assistant')) {
      return invalid(
        "Value at 'messages.role' failed to satisfy constraint: Member must be user or assistant.",
      );
    }
    const turn = blocksText(asArray(message.content), cache);
    if (turn.text !== '' || turn.images.length > 0 || turn.results.length === 0) {
      sim.push({
        role: message.role,
        text: turn.text,
        ...(turn.images.length > 0 ? { images: turn.images } : {}),
      });
    }
    sim.push(...turn.results);
  }
  return {
    ok: true,
    value: {
      sim: { model: modelId, messages: sim },
      maxTokens,
      cachedTokens: cache.cachedTokens,
      pacing: pacingFromBody(body.sim),
    },
  };
}

/** The text blocks joined, the tool results apart; reasoning, tool uses and media are left out. */
function blocksText(
  blocks: unknown[],
  cache: CachePrefix,
): { text: string; results: SimMessage[]; images: SimImage[] } {
  const texts: string[] = [];
  const results: SimMessage[] = [];
  const images: SimImage[] = [];
  for (const block of blocks.filter(isRecord)) {
    if (isRecord(block.image) && isRecord(block.image.source)) {
      const image = imageFromBase64(
        `image/${asString(block.image.format) ?? 'unknown'}`,
        block.image.source.bytes,
      );
      if (image) images.push(image);
    } else if (typeof block.text === 'string') {
      texts.push(block.text);
      cache.add(block.text);
    } else if (isRecord(block.toolResult)) {
      const text = toolResultText(block.toolResult.content);
      cache.add(text);
      const id = asString(block.toolResult.toolUseId);
      results.push({ role: 'tool', text, ...(id ? { toolCallId: id } : {}) });
    } else if (block.cachePoint) {
      cache.mark();
    }
  }
  return { text: texts.join('\n'), results, images };
}

function toolResultText(content: unknown): string {
  return asArray(content)
    .filter(isRecord)
    .map((part) => (typeof part.text === 'string' ? part.text : jsonText(part.json)))
    .join('\n');
}

function invalid(message: string): Parsed<ConverseRequest> {
  return { ok: false, error: badRequest(message) };
}
