import { createHash, randomUUID } from 'node:crypto';

export const newImportId = (): string => `imp_${randomUUID()}`;

/**
 * The new id of a message of the file: a UUID derived from the import, the conversation's
 * place in the file and the message's id in the file. Deriving instead of remembering means a
 * parent link can be mapped without keeping every id of a large file in memory, and importing
 * the same file twice never collides.
 */
export function mappedMessageId(importId: string, conversationIndex: number, sourceId: string): string {
  const hex = createHash('sha256')
    .update(`${importId}\u0001${conversationIndex}\u0001${sourceId}`)
    .digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
