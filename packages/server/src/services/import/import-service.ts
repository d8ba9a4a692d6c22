import type { ImportResult } from '@parley/schema';
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pendingImports } from '../../db/schema/index.ts';
import { newImportId } from './import-ids.ts';
import { ImportSession, importPaths } from './import-session.ts';
import { deletePendingImport, ImportWriter } from './import-writer.ts';
import { readJsonStream } from './json-stream.ts';

/** A pending import older than this was left behind by a process that stopped mid-way. */
const ABANDONED_AFTER_MS = 6 * 60 * 60 * 1000;

/** Deletes the caller's pending imports that no running import can still finish. */
async function purgeAbandonedImports(db: Database, userId: string, now: number): Promise<void> {
  const abandoned = await db
    .select({ importId: pendingImports.importId })
    .from(pendingImports)
    .where(
      and(
        eq(pendingImports.userId, userId),
        lt(pendingImports.startedAt, new Date(now - ABANDONED_AFTER_MS)),
      ),
    );
  for (const { importId } of abandoned) await deletePendingImport(db, userId, importId);
}

/**
 * POST /api/convos/import: streams the file, writes its conversations invisibly in batches and
 * makes them visible at the end with one single-row change. Any failure (malformed file,
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
  await writer.begin();
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
