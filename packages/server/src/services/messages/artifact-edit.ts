import {
  findArtifacts,
  replaceArtifactContent,
  type ArtifactEdit,
  type ArtifactEditResult,
  type ContentPart,
} from '@parley/schema';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';
import { badRequest } from '../../errors/app-error.ts';
import { joinedText, partText } from './content-edit.ts';
import { lockVisibleMessage } from './visible-message.ts';

/** Where a message's artifacts live: its text parts in order, or its plain text. */
interface TextSlot {
  /** The content part index, or -1 for the message's plain text. */
  part: number;
  text: string;
}

function textSlots(text: string, content: ContentPart[] | null): TextSlot[] {
  if (!content || content.length === 0) return [{ part: -1, text }];
  return content.flatMap((p, part) => (p.type === 'text' ? [{ part, text: partText(p, 'text') ?? '' }] : []));
}

/** The slot holding the message's `index`-th artifact (counted across its text parts), and its index there. */
function locate(slots: TextSlot[], index: number): { slot: TextSlot; local: number } | null {
  let remaining = index;
  for (const slot of slots) {
    const count = findArtifacts(slot.text).length;
    if (remaining < count) return { slot, local: remaining };
    remaining -= count;
  }
  return null;
}

function withText(part: ContentPart, text: string): ContentPart {
  const value = part.text;
  return { ...part, text: value && typeof value === 'object' ? { ...(value as object), value: text } : text };
}

/**
 * Edits the code of one artifact of the caller's message: the `index`-th artifact block of the
 * message (counted in order across its text), when it still holds `original`. The message's
 * other text stays as it was. 404 for a message that is not the caller's (or whose conversation
 * is hidden); 400 when no artifact has that index or its code has changed since.
 */
export async function editArtifact(
  db: Database,
  userId: string,
  messageId: string,
  edit: ArtifactEdit,
  now = new Date(),
): Promise<ArtifactEditResult> {
  return db.transaction(async (tx) => {
    const message = await lockVisibleMessage(tx, userId, { messageId }, now);
    const content = (message.content as ContentPart[] | null) ?? null;
    const found = locate(textSlots(message.text, content), edit.index);
    if (!found) {
      throw badRequest('Artifact index out of bounds', [
        { path: 'index', message: 'The message has no artifact at this index' },
      ]);
    }
    const outcome = replaceArtifactContent(found.slot.text, found.local, edit.original, edit.updated);
    if (!outcome.ok) {
      throw badRequest('Original content not found in target artifact', [
        { path: 'original', message: 'The artifact no longer holds this content' },
      ]);
    }
    let nextContent = content;
    let nextText = outcome.text;
    if (found.slot.part >= 0 && content) {
      nextContent = content.map((p, i) => (i === found.slot.part ? withText(p, outcome.text) : p));
      nextText = joinedText(nextContent);
    }
    await tx
      .update(messages)
      .set({ text: nextText, content: nextContent, updatedAt: now })
      .where(and(eq(messages.messageId, messageId), eq(messages.userId, userId)));
    return { conversationId: message.conversationId, content: nextContent, text: nextText };
  });
}
