import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToOthers, setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_CONVERSATION_TITLE, NO_PARENT } from '@parley/schema';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { conversations, messages, pendingImports } from '../../db/schema/index.ts';
import { badRequest } from '../../errors/app-error.ts';
import { mappedMessageId } from './import-ids.ts';
import { withOwnFileReferences } from './imported-file-references.ts';
import {
  capImportedText,
  cleanText,
  storableJson,
  type ImportedConversationMeta,
  type ImportedMessage,
} from './import-model.ts';
import { MessageBatch } from './message-batch.ts';

/**
 * Messages per INSERT adapt so that one statement holds the database for about TARGET_BATCH_MS:
 * the embedded database runs one statement at a time (in its worker thread), so a long insert
 * would make every other request's statements wait behind it; many tiny inserts would make the
 * import slow.
 */
const TARGET_BATCH_MS = 10;
/**
 * After each batch the import pauses for this share of the batch's time (at least 2 ms), so that
 * requests that arrived meanwhile get through their own asynchronous steps to the database
 * before the next batch takes it: an import may be slower, other users must not be.
 */
const PAUSE_SHARE = 0.5;
const BATCH_LIMITS = { min: 10, max: 500, start: 50 } as const;
const TITLE_MAX = 200;

interface OpenConversation {
  conversationId: string;
  index: number;
  /** Time of the last message, used when a message has no time of its own. */
  clock: number;
}

/**
 * Writes one import: `begin` lists the import as pending, every conversation row carries its id
 * (so they stay invisible to lists, reads and search), messages go in small batches outside any
 * long transaction; `commit` deletes the one pending row, making everything visible at once;
 * `abort` deletes what was written.
 */
export class ImportWriter {
  conversationCount = 0;
  messageCount = 0;
  private readonly pending = new MessageBatch();
  /** How an error names each conversation written: its place in the file and its title. */
  private readonly labels = new Map<string, string>();
  private batchSize: number = BATCH_LIMITS.start;

  constructor(
    private readonly db: Database,
    private readonly userId: string,
    readonly importId: string,
  ) {}

  async begin(): Promise<void> {
    await this.db.insert(pendingImports).values({ importId: this.importId, userId: this.userId });
  }

  async startConversation(meta: ImportedConversationMeta): Promise<OpenConversation> {
    const conversationId = randomUUID();
    const createdAt = meta.createdAt ?? new Date();
    const columns = this.conversationColumns(meta);
    this.labels.set(conversationId, `conversation ${this.conversationCount + 1} ("${columns.title}")`);
    await this.refusalsNamed([conversationId], () =>
      this.db.insert(conversations).values({
        conversationId,
        userId: this.userId,
        importId: this.importId,
        ...columns,
        createdAt,
        updatedAt: meta.updatedAt ?? createdAt,
      }),
    );
    this.conversationCount += 1;
    return { conversationId, index: this.conversationCount, clock: createdAt.getTime() };
  }

  private conversationColumns(meta: ImportedConversationMeta) {
    return {
      title: cleanText(meta.title).trim().slice(0, TITLE_MAX) || DEFAULT_CONVERSATION_TITLE,
      endpoint: meta.endpoint ?? null,
      endpointType: meta.endpointType ?? null,
      model: meta.model ?? null,
      settings: storableJson(meta.settings ?? {}),
    };
  }

  /** Late metadata (a LibreChat export may name its title after its messages). */
  async updateConversation(open: OpenConversation, meta: ImportedConversationMeta): Promise<void> {
    await this.refusalsNamed([open.conversationId], () =>
      this.db
        .update(conversations)
        .set({
          ...this.conversationColumns(meta),
          ...(meta.createdAt ? { createdAt: meta.createdAt } : {}),
          ...(meta.updatedAt ? { updatedAt: meta.updatedAt } : {}),
        })
        .where(
          and(
            eq(conversations.conversationId, open.conversationId),
            eq(conversations.importId, this.importId),
          ),
        ),
    );
  }

  async addMessage(open: OpenConversation, message: ImportedMessage): Promise<void> {
    // Messages without a time get one a millisecond after the previous, keeping file order.
    const at = message.createdAt?.getTime() ?? open.clock + 1;
    open.clock = Math.max(open.clock, at);
    const id = (source: string) => mappedMessageId(this.importId, open.index, source);
    this.pending.add({
      messageId: id(message.sourceId),
      conversationId: open.conversationId,
      parentMessageId: message.parentSourceId === null ? NO_PARENT : id(message.parentSourceId),
      sender: cleanText(message.sender).slice(0, 200) || (message.isCreatedByUser ? 'User' : 'Assistant'),
      isCreatedByUser: message.isCreatedByUser,
      text: capImportedText(cleanText(message.text)),
      contentJson: contentJsonOf(message.content),
      endpoint: message.endpoint ?? null,
      model: message.model ?? null,
      error: message.error ?? false,
      unfinished: message.unfinished ?? false,
      finishReason: message.finishReason ?? null,
      at: new Date(at).toISOString(),
    });
    this.messageCount += 1;
    if (this.pending.size >= this.batchSize) await this.flush();
  }

  async flush(): Promise<void> {
    const count = this.pending.size;
    if (count === 0) return;
    const started = performance.now();
    const written = this.pending.conversationIds();
    await this.refusalsNamed(written, () => this.db.execute(this.pending.take(this.userId)));
    const took = performance.now() - started;
    const perMessage = Math.max(took, 0.1) / count;
    const ideal = Math.round(TARGET_BATCH_MS / perMessage);
    this.batchSize = Math.min(BATCH_LIMITS.max, Math.max(BATCH_LIMITS.min, ideal));
    await sleep(Math.max(2, took * PAUSE_SHARE));
  }

  /**
   * Runs a write; a refusal of the data by the database (a value it cannot store that got past
   * the cleaning) becomes a 400 naming the conversations concerned, and the import is undone.
   */
  private async refusalsNamed<T>(conversationIds: string[], write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (!isDataRefusal(error)) throw error;
      const names = conversationIds.slice(0, 3).map((id) => this.labels.get(id) ?? 'a conversation');
      const more = conversationIds.length > 3 ? ` and ${conversationIds.length - 3} more` : '';
      throw badRequest(
        `The file's ${names.join(', ')}${more} could not be imported: ${(error as Error).message}`,
      );
    }
  }

  /** Makes everything visible at once: a single-row delete, however large the import. */
  async commit(): Promise<void> {
    await this.flush();
    await this.db
      .delete(pendingImports)
      .where(and(eq(pendingImports.importId, this.importId), eq(pendingImports.userId, this.userId)));
  }

  /** Deletes what this import wrote so far. */
  async abort(): Promise<void> {
    this.pending.clear();
    await deletePendingImport(this.db, this.userId, this.importId);
  }
}

/**
 * PostgreSQL's refusals of the data itself, rather than of the server: SQLSTATE class 22 (data
 * exception: bad text or JSON, out-of-range values), 23 (integrity) and 54 (a value too large).
 */
function isDataRefusal(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && /^(22|23|54)/.test(e.code)) return true;
  }
  return false;
}

/**
 * Deletes a pending import's rows conversation by conversation, messages in slices (one
 * statement over a large import would hold the database for long), then its pending mark.
 */
export async function deletePendingImport(db: Database, userId: string, importId: string): Promise<void> {
  const owned = and(eq(conversations.importId, importId), eq(conversations.userId, userId));
  const pending = await db.select({ id: conversations.conversationId }).from(conversations).where(owned);
  for (const { id } of pending) {
    for (;;) {
      const slice = db
        .select({ id: messages.messageId })
        .from(messages)
        .where(eq(messages.conversationId, id))
        .limit(1000);
      const gone = await db
        .delete(messages)
        .where(inArray(messages.messageId, slice))
        .returning({ id: messages.messageId });
      await yieldToOthers();
      if (gone.length < 1000) break;
    }
    await db.delete(conversations).where(and(eq(conversations.conversationId, id), owned));
  }
  await db
    .delete(pendingImports)
    .where(and(eq(pendingImports.importId, importId), eq(pendingImports.userId, userId)));
}

/** The message's content as stored: pictures referring to anything but Parley's files dropped. */
function contentJsonOf(content: ImportedMessage['content']): string | null {
  return content ? JSON.stringify(storableJson(withOwnFileReferences(content))) : null;
}
