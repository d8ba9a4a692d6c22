import { and, asc, eq, gt } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { Database } from '../../db/client.ts';
import { conversations, files, promptGroups, prompts, type UserRow } from '../../db/schema/index.ts';
import { listMemories } from '../memories/memory-store.ts';
import { listPresets } from '../presets/preset-service.ts';
import { toPromptGroup, toPromptVersion } from '../prompts/prompt-dto.ts';
import { toPublicUser } from '../users/public-user.ts';
import { exportConversation } from './export-service.ts';
import { tarStream, type TarEntry } from './tar-stream.ts';

/** Conversations read per query: the archive streams page by page, never the whole history at once. */
const PAGE = 100;

const json = (path: string, value: unknown): TarEntry => ({
  path,
  body: Buffer.from(JSON.stringify(value, null, 2), 'utf8'),
});

/**
 * "Export all my data": one gzipped tar holding the account, every conversation (one file each,
 * in the JSON format the importer reads back), prompts with all their versions, presets, memories
 * and the list of uploaded files (their metadata; the bytes stay on the server). Every query
 * filters by the caller's id.
 */
export function accountArchive(db: Database, user: UserRow): Readable {
  const tar = Readable.from(tarStream(archiveEntries(db, user)));
  const gzip = createGzip();
  tar.on('error', (err) => gzip.destroy(err));
  return tar.pipe(gzip);
}

async function* archiveEntries(db: Database, user: UserRow): AsyncGenerator<TarEntry> {
  yield json('account.json', toPublicUser(user));
  for await (const id of conversationIds(db, user.id)) {
    const file = await exportConversation(db, user.id, id, 'json').catch(() => null);
    // Deleted while the archive was being written: nothing to keep.
    if (file) yield { path: `conversations/${id}.json`, body: Buffer.from(file.body, 'utf8') };
  }
  yield json('prompts.json', await promptsOf(db, user.id));
  yield json('presets.json', await listPresets(db, user.id));
  yield json(
    'memories.json',
    (await listMemories(db, user.id)).map(({ userId: _owner, ...memory }) => memory),
  );
  yield json('files.json', await fileListOf(db, user.id));
}

/** Paged by id alone: an exact key, so no conversation is skipped or repeated between pages. */
async function* conversationIds(db: Database, userId: string): AsyncGenerator<string> {
  let after: string | null = null;
  for (;;) {
    const page: { id: string }[] = await db
      .select({ id: conversations.conversationId })
      .from(conversations)
      .where(
        and(eq(conversations.userId, userId), after ? gt(conversations.conversationId, after) : undefined),
      )
      .orderBy(asc(conversations.conversationId))
      .limit(PAGE);
    for (const row of page) yield row.id;
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.id;
  }
}

/** The caller's own prompt groups, each with every version they saved. */
async function promptsOf(db: Database, userId: string) {
  const groups = await db.select().from(promptGroups).where(eq(promptGroups.authorId, userId));
  const versions = await db
    .select()
    .from(prompts)
    .where(eq(prompts.authorId, userId))
    .orderBy(asc(prompts.createdAt));
  return groups.map((group) => {
    const own = versions.filter((v) => v.groupId === group.id);
    const production = own.find((v) => v.id === group.productionId)?.prompt ?? null;
    return { ...toPromptGroup(group, production), versions: own.map(toPromptVersion) };
  });
}

async function fileListOf(db: Database, userId: string) {
  const rows = await db
    .select({
      fileId: files.fileId,
      filename: files.filename,
      type: files.type,
      bytes: files.bytes,
      context: files.context,
      conversationId: files.conversationId,
      createdAt: files.createdAt,
    })
    .from(files)
    .where(eq(files.userId, userId))
    .orderBy(asc(files.createdAt));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
