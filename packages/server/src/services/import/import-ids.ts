import { createHash, randomBytes } from 'node:crypto';

/**
 * Import ids embed their start time, so a pending import left behind by a crashed process can
 * be recognised as abandoned later.
 */
export function newImportId(now = Date.now()): string {
  return `imp_${now}_${randomBytes(8).toString('hex')}`;
}

/** The start time of an import id, or null for anything else. */
export function importStartedAt(importId: string): number | null {
  const match = /^imp_(\d{10,15})_[0-9a-f]{16}$/.exec(importId);
  return match ? Number(match[1]) : null;
}

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
