// POST /v1/embeddings, OpenAI's embeddings API (also what Ollama and most local servers answer).
// Each vector is a hashed bag of words: every lower-cased word adds ±1 at a place its hash picks,
// and the sum is scaled to length 1. Texts that share words therefore point the same way (cosine
// similarity is the overlap of their words), the same text always gets the same vector, and a
// test can recompute it with `embedText`.
//
// Trouble is asked for by a word in any input text, as for the web vendors (`sim-500`,
// `sim-garbage`, `sim-wrong-shape`, `sim-timeout`, `sim-huge`), plus `sim-wrong-dimensions`: 200
// with vectors one number shorter than asked.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJsonBody, sendJson } from '../http.ts';
import { badRequest, modelNotFound } from '../sim-errors.ts';
import { sendTrouble, troubleIn } from '../web/provider-trouble.ts';
import { sendOpenAIError } from './errors.ts';

/** The embedding models the simulator knows, with the length of their vectors by default. */
export const EMBEDDING_MODELS: Record<string, number> = {
  'sim-embed': 256,
  'text-embedding-3-small': 1536,
};

/** OpenAI's bounds: inputs per request and the longest vector a caller may ask for. */
export const MAX_EMBEDDING_INPUTS = 2048;
const MAX_DIMENSIONS = 4096;

const WORD = /[\p{L}\p{N}]+/gu;

/** The simulator's vector for one text: deterministic, unit length, close for texts sharing words. */
export function embedText(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(WORD) ?? []) {
    const hash = createHash('sha256').update(word).digest();
    const place = hash.readUInt32BE(0) % dimensions;
    vector[place]! += (hash[4]! & 1) === 0 ? 1 : -1;
  }
  const length = Math.hypot(...vector);
  // A text without words still gets a direction, so a cosine distance to it is a number.
  if (length === 0) {
    vector[0] = 1;
    return vector;
  }
  return vector.map((x) => x / length);
}

type EmbeddingsRequest = { model: string; inputs: string[]; dimensions?: number };

function parseRequest(body: unknown): EmbeddingsRequest | { error: ReturnType<typeof badRequest> } {
  if (typeof body !== 'object' || body === null)
    return { error: badRequest('The body must be a JSON object.') };
  const { model, input, dimensions } = body as Record<string, unknown>;
  if (typeof model !== 'string') return { error: badRequest('`model` is required.', 'model') };
  const inputs = typeof input === 'string' ? [input] : input;
  if (!Array.isArray(inputs) || inputs.length === 0 || !inputs.every((x) => typeof x === 'string'))
    return { error: badRequest('`input` must be a string or a non-empty array of strings.', 'input') };
  if (inputs.length > MAX_EMBEDDING_INPUTS)
    return { error: badRequest(`\`input\` may hold at most ${MAX_EMBEDDING_INPUTS} texts.`, 'input') };
  if (
    dimensions !== undefined &&
    (!Number.isInteger(dimensions) || (dimensions as number) < 1 || (dimensions as number) > MAX_DIMENSIONS)
  )
    return {
      error: badRequest(`\`dimensions\` must be an integer from 1 to ${MAX_DIMENSIONS}.`, 'dimensions'),
    };
  return {
    model,
    inputs: inputs as string[],
    ...(dimensions !== undefined && { dimensions: dimensions as number }),
  };
}

export async function handleEmbeddings(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJsonBody(req);
  if (!body.ok) return sendOpenAIError(res, body.error);
  const parsed = parseRequest(body.value);
  if ('error' in parsed) return sendOpenAIError(res, parsed.error);
  const defaultDimensions = EMBEDDING_MODELS[parsed.model];
  if (defaultDimensions === undefined) return sendOpenAIError(res, modelNotFound(parsed.model));
  const everything = parsed.inputs.join('\n');
  if (sendTrouble(res, troubleIn(everything))) return;
  const asked = parsed.dimensions ?? defaultDimensions;
  const dimensions = everything.includes('sim-wrong-dimensions') ? asked - 1 : asked;
  const tokens = parsed.inputs.reduce((sum, text) => sum + (text.match(WORD)?.length ?? 0), 0);
  sendJson(res, 200, {
    object: 'list',
    data: parsed.inputs.map((text, index) => ({
      object: 'embedding',
      index,
      embedding: embedText(text, Math.max(dimensions, 1)),
    })),
    model: parsed.model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}
