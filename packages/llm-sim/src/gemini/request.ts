// Validates a Gemini `generateContent` body and maps `systemInstruction` and `contents` onto the
// neutral SimRequest. The model comes from the URL. `functionResponse` parts become tool messages;
// earlier thought parts and function calls are left out.
import type { SimMessage } from '../conversation.ts';
import { imageFromBase64 } from '../images.ts';
import { asArray, asString, isRecord, jsonText, positiveInteger } from '../json-values.ts';
import { pacingFromBody } from '../pacing.ts';
import type { Parsed, ParsedGeneration } from '../serve.ts';
import { badRequest } from '../sim-errors.ts';

export interface GeminiRequest extends ParsedGeneration {
  /** `generationConfig.thinkingConfig.includeThoughts`: only then are thought parts sent. */
  includeThoughts: boolean;
}

export function parseGenerateContent(body: unknown, model: string): Parsed<GeminiRequest> {
  if (!isRecord(body)) return invalid('Invalid JSON payload received.');
  const { contents } = body;
  if (!Array.isArray(contents) || contents.length === 0) {
    return invalid('* GenerateContentRequest.contents: contents is not specified');
  }
  const config = isRecord(body.generationConfig) ? body.generationConfig : {};
  const maxTokens = positiveInteger(config.maxOutputTokens);
  if (maxTokens === null)
    return invalid('* GenerateContentRequest.generation_config.max_output_tokens: must be positive');
  const messages: SimMessage[] = systemMessages(body.systemInstruction ?? body.system_instruction);
  for (const [index, content] of contents.entries()) {
    if (!isRecord(content) || !Array.isArray(content.parts)) {
      return invalid(`* GenerateContentRequest.contents[${index}].parts: contents.parts must not be empty`);
    }
    messages.push(...turnMessages(content.role === 'model' ? 'assistant' : 'user', content.parts));
  }
  const thinking = isRecord(config.thinkingConfig) ? config.thinkingConfig : {};
  return {
    ok: true,
    value: {
      sim: { model, messages },
      maxTokens,
      includeThoughts: thinking.includeThoughts === true,
      pacing: pacingFromBody(body.sim),
    },
  };
}

function systemMessages(instruction: unknown): SimMessage[] {
  if (typeof instruction === 'string') return [{ role: 'system', text: instruction }];
  if (!isRecord(instruction)) return [];
  return [{ role: 'system', text: partsText(asArray(instruction.parts)) }];
}

function turnMessages(role: 'user' | 'assistant', parts: unknown[]): SimMessage[] {
  const results: SimMessage[] = asArray(parts)
    .filter(isRecord)
    .map((part) => part.functionResponse)
    .filter(isRecord)
    .map((response) => ({ role: 'tool', text: responseText(response.response) }));
  const text = partsText(parts);
  const images = asArray(parts)
    .filter(isRecord)
    .map((part) => part.inlineData)
    .filter(isRecord)
    .map((data) => imageFromBase64(data.mimeType, data.data))
    .filter((image) => image !== undefined);
  const turn: SimMessage = { role, text, ...(images.length > 0 ? { images } : {}) };
  return text !== '' || images.length > 0 || results.length === 0 ? [turn, ...results] : results;
}

/** The text parts, thoughts excluded, joined by newlines. */
function partsText(parts: unknown[]): string {
  return parts
    .filter(isRecord)
    .filter((part) => part.thought !== true)
    .map((part) => asString(part.text))
    .filter((text): text is string => text !== undefined)
    .join('\n');
}

/**
 * A function response is any JSON object; clients usually wrap the result (`{ content }` from the
 * AI SDK, `{ output }` or `{ result }` by Google's convention), which is what behaviours should read.
 */
function responseText(response: unknown): string {
  if (!isRecord(response)) return jsonText(response);
  return jsonText(response.content ?? response.output ?? response.result ?? response);
}

function invalid(message: string): Parsed<GeminiRequest> {
  return { ok: false, error: badRequest(message) };
}
