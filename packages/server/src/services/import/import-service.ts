import type { ImportResult } from '@parley/schema';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { conversations } from '../../db/schema/index.ts';
import { importStartedAt, newImportId } from './import-ids.ts';
import { ImportSession, importPaths } from './import-session.ts';
import { deletePendingImport, ImportWriter } from './import-writer.ts';
import { readJsonStream } from './json-stream.ts';

/** A pending import older than this was left behind by a process that stopped mid-way. */
const ABANDONED_AFTER_MS = 6 * 60 * 60 * 1000;

/** Deletes the caller's pending imports that no running import can still finish. */
async function purgeAbandonedImports(db: Database, userId: string, now: number): Promise<void> {
  const pending = await db
    .selectDistinct({ importId: conversations.importId })
    .from(conversations)
    .where(and(eq(conversations.userId, userId), isNotNull(conversations.importId)));
  for (const { importId } of pending) {
    const started = importId ? importStartedAt(importId) : null;
    if (importId && (started === null || now - started > ABANDONED_AFTER_MS)) {
      await deletePendingImport(db, userId, importId);
    }
  }
}

/**
 * POST /api/convos/import: streams the file, writes its conversations invisibly in batches and
 * makes them visible at the end in one short transaction. Any failure (malformed file,
 * unsupported format, database error, cut-off upload) deletes what was written: all or nothing.
 */
export async function importConversations(
  db: Database,
  userId: string,
  source: AsyncIterable<Buffer | string>,
): Promise<ImportResult> {
  await purgeAbandonedImports(db, userId, Date.now());
  const writer = new ImportWriter(db, userId, newImportId());
  const session = new ImportSession(writer);
  try {
    const kind = await readJsonStream(source, importPaths, session.handle);
    await session.finish(kind);
    await writer.commit();
  } catch (err) {
    await writer.abort();
    throw err;
  }
  return {
    message: 'Conversations imported successfully',
    conversations: writer.conversationCount,
    messages: writer.messageCount,
  };
}
