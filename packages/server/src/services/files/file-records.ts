import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ParleyFile } from '@parley/schema';
import type { Database } from '../../db/client.ts';
import { files, type FileRow } from '../../db/schema/index.ts';

/** The API path a file's bytes are fetched from (download and the image viewer). */
export const filePath = (userId: string, fileId: string) => `/api/files/download/${userId}/${fileId}`;

/** A file row as the API shows it. */
export function toApiFile(row: FileRow): ParleyFile {
  return {
    file_id: row.fileId,
    ...(row.tempFileId ? { temp_file_id: row.tempFileId } : {}),
    user: row.userId,
    filename: row.filename,
    filepath: filePath(row.userId, row.fileId),
    type: row.type,
    bytes: row.bytes,
    ...(row.width ? { width: row.width } : {}),
    ...(row.height ? { height: row.height } : {}),
    source: row.source as ParleyFile['source'],
    embedded: row.embedded,
    context: row.context as ParleyFile['context'],
    usage: row.usage,
    conversationId: row.conversationId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The caller's file, or undefined: another user's id finds nothing. */
export async function findOwnFile(
  db: Database,
  userId: string,
  fileId: string,
): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.userId, userId), eq(files.fileId, fileId)))
    .limit(1);
  return row;
}

/** The caller's files among `fileIds` (others' ids are left out). */
export async function findOwnFiles(db: Database, userId: string, fileIds: string[]): Promise<FileRow[]> {
  if (fileIds.length === 0) return [];
  return db
    .select()
    .from(files)
    .where(and(eq(files.userId, userId), inArray(files.fileId, fileIds)));
}

/** Every message attachment of the caller, newest first (avatars are not listed). */
export async function listOwnFiles(db: Database, userId: string): Promise<FileRow[]> {
  return db
    .select()
    .from(files)
    .where(and(eq(files.userId, userId), eq(files.context, 'message_attachment')))
    .orderBy(desc(files.updatedAt));
}
