import { z } from 'zod';
import type { EmbeddingsSettings } from './embeddings-settings.ts';

/** Texts per request: OpenAI takes up to 2,048, local servers are slower with large batches. */
export const EMBEDDING_BATCH = 64;
/** Room a JSON number takes at most ("-0.0123456789012345678e-10,"), for the answer's size bound. */
const BYTES_PER_NUMBER = 32;

/** Why the embeddings provider could not be used; search stays full-text only. */
export class EmbeddingsFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddingsFailed';
  }
}

const answerSchema = z.object({
  data: z.array(z.object({ index: z.number().int().nonnegative(), embedding: z.array(z.number()) })),
});

/**
 * Calls an OpenAI-compatible `POST <url>/embeddings`. Every answer is checked before use: one
 * vector per text, each of the configured length, every number finite, and the body bounded by
 * what that many vectors can take, so a provider answering garbage, the wrong model's vectors or a
 * flood fails with a reason instead of filling the database.
 */
export class EmbeddingsClient {
  constructor(readonly settings: EmbeddingsSettings) {}

  /** Vectors for `texts`, in order, requested EMBEDDING_BATCH at a time. */
  async embed(texts: string[]): Promise<number[][]> {
    const vectors: number[][] = [];
    for (let i = 0; i < texts.length; i += EMBEDDING_BATCH) {
      vectors.push(...(await this.#embedBatch(texts.slice(i, i + EMBEDDING_BATCH))));
    }
    return vectors;
  }

  async #embedBatch(texts: string[]): Promise<number[][]> {
    const { url, model, apiKey, dimensions } = this.settings;
    let response: Response;
    try {
      response = await fetch(`${url}/embeddings`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(apiKey !== undefined && { authorization: `Bearer ${apiKey}` }),
        },
        body: JSON.stringify({ model, input: texts, encoding_format: 'float' }),
        redirect: 'error',
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      throw new EmbeddingsFailed(
        timedOut
          ? `the embeddings provider did not answer within ${this.settings.timeoutMs / 1000} s`
          : 'the embeddings provider could not be reached',
      );
    }
    const limit = texts.length * dimensions * BYTES_PER_NUMBER + 64 * 1024;
    const body = await boundedText(response, limit);
    if (!response.ok) throw new EmbeddingsFailed(`the embeddings provider answered ${response.status}`);
    let parsed: z.infer<typeof answerSchema>;
    try {
      parsed = answerSchema.parse(JSON.parse(body));
    } catch {
      throw new EmbeddingsFailed(
        'the embeddings provider answered something that is not a list of embeddings',
      );
    }
    const vectors = new Array<number[] | undefined>(texts.length);
    for (const { index, embedding } of parsed.data) {
      if (index >= texts.length)
        throw new EmbeddingsFailed('the embeddings provider answered for a text it was not sent');
      if (embedding.length !== dimensions)
        throw new EmbeddingsFailed(
          `the embeddings provider answered vectors of ${embedding.length} numbers; EMBEDDINGS_DIMENSIONS is ${dimensions}`,
        );
      if (!embedding.every(Number.isFinite))
        throw new EmbeddingsFailed('the embeddings provider answered a vector that is not numbers');
      vectors[index] = embedding;
    }
    if (vectors.some((v) => v === undefined))
      throw new EmbeddingsFailed('the embeddings provider left some texts without a vector');
    return vectors as number[][];
  }
}

/** The body as text, or EmbeddingsFailed once it passes `limit` bytes (the rest is not read). */
async function boundedText(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let read: Awaited<ReturnType<typeof reader.read>>;
    try {
      read = await reader.read();
    } catch {
      throw new EmbeddingsFailed('the embeddings provider stopped answering midway');
    }
    if (read.done) break;
    size += read.value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new EmbeddingsFailed(
        `the embeddings provider's answer is larger than ${Math.ceil(limit / 1024)} kB`,
      );
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
