import type { SharedConversation, SharedLink, ShareLookup } from '@parley/schema';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sharedLinks } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors/app-error.ts';
import { requireConversation } from '../conversations/conversation-service.ts';
import { toSharedConversation, toSharedLink } from './share-dto.ts';
import { newShareId } from './share-id.ts';
import { snapshotMessages } from './share-snapshot.ts';

const LINK_NOT_FOUND = 'Shared link not found';

/** The conversation's title and messages as a share stores them; refuses what cannot be shared. */
async function takeSnapshot(db: Database, userId: string, conversationId: string) {
  const conversation = await requireConversation(db, userId, conversationId);
  if (conversation.expiredAt) throw badRequest('Temporary chats cannot be shared');
  const messages = await snapshotMessages(db, userId, conversationId);
  if (!messages?.length) throw badRequest('There are no messages to share');
  return { title: conversation.title, messages };
}

async function findLinkOfConversation(db: Database, userId: string, conversationId: string) {
  const [row] = await db
    .select()
    .from(sharedLinks)
    .where(and(eq(sharedLinks.conversationId, conversationId), eq(sharedLinks.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * Creates the conversation's link with a snapshot of its messages. A conversation has at most
 * one link: asking again answers the existing one (`created: false`) unchanged.
 */
export async function createShare(
  db: Database,
  userId: string,
  conversationId: string,
): Promise<{ link: SharedLink; created: boolean }> {
  const snapshot = await takeSnapshot(db, userId, conversationId);
  const existing = await findLinkOfConversation(db, userId, conversationId);
  if (existing) return { link: toSharedLink(existing), created: false };
  const [row] = await db
    .insert(sharedLinks)
    .values({ shareId: newShareId(), conversationId, userId, ...snapshot })
    .onConflictDoNothing({ target: sharedLinks.conversationId })
    .returning();
  if (row) return { link: toSharedLink(row), created: true };
  // Another request created it meanwhile.
  const raced = await findLinkOfConversation(db, userId, conversationId);
  if (!raced) throw notFound('Conversation not found');
  return { link: toSharedLink(raced), created: false };
}

/** GET /api/share/link/{conversationId}: the caller's link for that conversation, if any. */
export async function lookupShare(
  db: Database,
  userId: string,
  conversationId: string,
): Promise<ShareLookup> {
  const row = await findLinkOfConversation(db, userId, conversationId);
  return row ? { success: true, shareId: row.shareId, conversationId } : { success: false };
}

/** A new id and a fresh snapshot: the old address stops working. */
export async function refreshShare(db: Database, userId: string, shareId: string): Promise<SharedLink> {
  const [link] = await db
    .select({ conversationId: sharedLinks.conversationId })
    .from(sharedLinks)
    .where(and(eq(sharedLinks.shareId, shareId), eq(sharedLinks.userId, userId)))
    .limit(1);
  if (!link) throw notFound(LINK_NOT_FOUND);
  const snapshot = await takeSnapshot(db, userId, link.conversationId);
  const [row] = await db
    .update(sharedLinks)
    .set({ shareId: newShareId(), ...snapshot, updatedAt: new Date() })
    .where(and(eq(sharedLinks.shareId, shareId), eq(sharedLinks.userId, userId)))
    .returning();
  if (!row) throw notFound(LINK_NOT_FOUND);
  return toSharedLink(row);
}

export async function deleteShare(
  db: Database,
  userId: string,
  shareId: string,
): Promise<{ success: true; shareId: string; message: string }> {
  const deleted = await db
    .delete(sharedLinks)
    .where(and(eq(sharedLinks.shareId, shareId), eq(sharedLinks.userId, userId)))
    .returning({ shareId: sharedLinks.shareId });
  if (deleted.length === 0) throw notFound(LINK_NOT_FOUND);
  return { success: true, shareId, message: 'Share deleted successfully' };
}

/** The public view of a link: anyone with the id may read a public link's snapshot. */
export async function getSharedConversation(db: Database, shareId: string): Promise<SharedConversation> {
  const [row] = await db
    .select()
    .from(sharedLinks)
    .where(and(eq(sharedLinks.shareId, shareId), eq(sharedLinks.isPublic, true)))
    .limit(1);
  if (!row) throw notFound(LINK_NOT_FOUND);
  return toSharedConversation(row);
}
