import {
  artifactKey,
  findArtifacts,
  type ContentPart,
  type Message,
  type ParsedArtifact,
} from '@parley/schema';

/** An artifact as the panel lists it: where it lives and its place among the conversation's. */
export interface ArtifactEntry extends ParsedArtifact {
  key: string;
  messageId: string;
  /** Its index among its message's artifacts (what the edit call names). */
  index: number;
}

/** The texts a message's artifacts are read from: its text parts in order, or its plain text. */
export function messageTexts(message: Pick<Message, 'text' | 'content'>): string[] {
  const parts = message.content as ContentPart[] | null | undefined;
  if (!parts || parts.length === 0) return [message.text];
  return parts.flatMap((p) => (p.type === 'text' ? [typeof p.text === 'string' ? p.text : ''] : []));
}

/**
 * Every artifact of the answers among the messages (the visible branch, oldest first), oldest
 * first. A person's own message never adds to the panel, even if it quotes the syntax.
 */
export function collectArtifacts(
  messages: readonly Pick<Message, 'messageId' | 'text' | 'content' | 'isCreatedByUser'>[],
): ArtifactEntry[] {
  const entries: ArtifactEntry[] = [];
  for (const message of messages) {
    if (message.isCreatedByUser) continue;
    let index = 0;
    for (const text of messageTexts(message)) {
      for (const artifact of findArtifacts(text)) {
        entries.push({
          ...artifact,
          key: artifactKey(message.messageId, artifact, index),
          messageId: message.messageId,
          index,
        });
        index += 1;
      }
    }
  }
  return entries;
}

/** Where each text part's artifacts start in the message's count (for the cards in messages). */
export function artifactOffsets(texts: readonly string[]): number[] {
  const offsets: number[] = [];
  let total = 0;
  for (const text of texts) {
    offsets.push(total);
    total += findArtifacts(text).length;
  }
  return offsets;
}
