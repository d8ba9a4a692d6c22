import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ParleyFile } from '@parley/schema';
import type { Database } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { blobKey, type BlobStore } from './blob-store.ts';
import { toApiFile } from './file-records.ts';

/** A file a tool made for the user: bytes, a display name and what is known of it. */
export interface ToolFile {
  filename: string;
  bytes: Buffer;
  type: string;
  width?: number;
  height?: number;
}

/**
 * Stores a file a tool made (code execution's outputs, a generated picture) as the caller's
 * attachment in `conversationId`: the bytes in the BlobStore under a server-made key (the name is
 * metadata only), the row naming the tool. Returns it as the API shows files.
 */
export async function storeToolFile(
  db: Database,
  store: BlobStore,
  owner: { userId: string; conversationId: string; toolResource: string },
  file: ToolFile,
): Promise<ParleyFile> {
  const fileId = randomUUID();
  const key = blobKey(owner.userId, fileId);
  try {
    await store.put(key, Readable.from([file.bytes]), file.type);
    const [row] = await db
      .insert(files)
      .values({
        fileId,
        userId: owner.userId,
        filename: file.filename,
        storageKey: key,
        type: file.type,
        bytes: file.bytes.length,
        ...(file.width && file.height ? { width: file.width, height: file.height } : {}),
        source: store.source,
        context: 'message_attachment',
        toolResource: owner.toolResource,
        conversationId: owner.conversationId,
      })
      .returning();
    return toApiFile(row!);
  } catch (err) {
    await store.delete(key).catch(() => undefined);
    throw err;
  }
}
