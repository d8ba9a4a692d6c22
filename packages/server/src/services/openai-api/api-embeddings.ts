import type { ApiEmbeddingsRequest } from '@parley/schema';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors/app-error.ts';
import { recordApiKeyUsage } from '../api-keys/api-key-service.ts';
import { countTokensOf } from '../context/token-count.ts';
import { EmbeddingsFailed } from '../files/embeddings-client.ts';
import { modelNotFound } from './api-chat-plan.ts';

/**
 * `POST /v1/embeddings`: the server's embeddings provider (EMBEDDINGS_URL, the one file search
 * uses), under its configured model name. Without one configured there is no such model. The
 * texts' tokens are counted on the key.
 */
export async function apiEmbeddings(ctx: AppContext, keyId: string, body: ApiEmbeddingsRequest) {
  const embeddings = ctx.fileEmbeddings;
  if (!embeddings || body.model !== embeddings.model) throw modelNotFound(body.model);
  const texts = typeof body.input === 'string' ? [body.input] : body.input;
  const vectors = await embeddings.embed(texts).catch((error: unknown) => {
    if (error instanceof EmbeddingsFailed)
      throw new AppError('invalid_request_error', `The embeddings provider failed: ${error.message}`);
    throw error;
  });
  const tokens = (await countTokensOf(texts)).reduce((a, b) => a + b, 0);
  await recordApiKeyUsage(ctx.db, keyId, { promptTokens: tokens, completionTokens: 0 });
  return {
    object: 'list',
    data: vectors.map((embedding, index) => ({
      object: 'embedding',
      index,
      embedding:
        body.encoding_format === 'base64'
          ? Buffer.from(new Float32Array(embedding).buffer).toString('base64')
          : embedding,
    })),
    model: embeddings.model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  };
}
