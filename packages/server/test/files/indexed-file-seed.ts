// A plain-text file already indexed, written straight into the database as the indexer leaves it
// (its row marked embedded, its chunks numbered in order), for file search tests and the file
// search benchmark, which need many chunks faster than uploading and indexing could give them.
import type { Database } from '../../src/db/client.ts';
import { files } from '../../src/db/schema/index.ts';
import { insertChunks } from '../../src/services/files/chunk-vectors.ts';

export interface IndexedFileSeed {
  userId: string;
  fileId: string;
  /** The chunks' texts, in the file's order. */
  texts: string[];
  /** Each chunk's vector, written with its row as indexing does; full-text only without them. */
  vectors?: number[][];
}

/** Stores the file's row and its chunks; the user must exist. */
export async function seedIndexedFile(db: Database, { userId, fileId, texts, vectors }: IndexedFileSeed) {
  await db.insert(files).values({
    fileId,
    userId,
    filename: `${fileId}.txt`,
    storageKey: fileId,
    type: 'text/plain',
    bytes: 1,
    source: 'local',
    embedded: true,
  });
  await insertChunks(
    db,
    texts.map((text, position) => ({ fileId, userId, position, text })),
    vectors,
  );
}
