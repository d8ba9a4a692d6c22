import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { prepareChunkVectors } from './chunk-vectors.ts';
import { EmbeddingsClient, EmbeddingsFailed } from './embeddings-client.ts';
import type { EmbeddingsSettings } from './embeddings-settings.ts';

/** What became of a file's vectors at indexing: stored, or why its search stays full-text only. */
export type VectorIndexing = { status: 'stored' } | { status: 'failed'; reason: string };

/**
 * The semantic half of file search, present only when an embeddings provider is configured and the
 * database can hold vectors. Indexing asks the provider for a vector per chunk; searching asks for
 * the query's. Whenever the provider fails, the caller carries on with full-text search alone.
 */
export class FileEmbeddings {
  private constructor(private readonly client: EmbeddingsClient) {}

  /**
   * Prepares the vector column for `settings`; undefined (with a warning saying why) when the
   * database has no pgvector, so search is full-text only and the server still starts.
   */
  static async start(
    db: Database,
    kind: 'pglite' | 'postgres',
    settings: EmbeddingsSettings,
    logger: Logger,
    client = new EmbeddingsClient(settings),
  ): Promise<FileEmbeddings | undefined> {
    const support = await prepareChunkVectors(db, kind, settings.dimensions);
    if (!support.available) {
      logger.warn(`EMBEDDINGS_URL is set but file search stays full-text only: ${support.reason}.`);
      return undefined;
    }
    return new FileEmbeddings(client);
  }

  /**
   * A vector per chunk text (vectors[i] for texts[i]), asked before the chunks are stored so that
   * each is written with its row; when the provider fails, why (the file is then searchable by
   * full text only).
   */
  async chunkVectors(texts: string[]): Promise<{ vectors: number[][] } | { failed: string }> {
    if (texts.length === 0) return { vectors: [] };
    try {
      return { vectors: await this.client.embed(texts) };
    } catch (err) {
      if (err instanceof EmbeddingsFailed) return { failed: err.message };
      throw err;
    }
  }

  /** The configured model's name (what `/v1/embeddings` answers to). */
  get model(): string {
    return this.client.settings.model;
  }

  /** Vectors for `texts`, in order; throws EmbeddingsFailed saying why when the provider fails. */
  embed(texts: string[]): Promise<number[][]> {
    return this.client.embed(texts);
  }

  /** The query's vector, or null when the provider fails (the search is then full-text only). */
  async queryVector(query: string): Promise<number[] | null> {
    try {
      return (await this.client.embed([query]))[0] ?? null;
    } catch (err) {
      if (err instanceof EmbeddingsFailed) return null;
      throw err;
    }
  }
}
