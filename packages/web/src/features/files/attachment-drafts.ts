import type { ParleyFile } from '@parley/schema';

/**
 * Attachment drafts: the uploaded files of a message not yet sent, per conversation, kept in
 * local storage under `filesDraft_<id>` beside the text draft (`textDraft_<id>`), so a reload or
 * a trip to another conversation keeps them. They belong to the account the text drafts belong
 * to and go with them when another account signs in on this browser.
 */
export const FILES_DRAFT_PREFIX = 'filesDraft_';

/** The subset of Storage the drafts use (local storage, or a map in tests). */
export interface DraftStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const keyOf = (conversationId: string) => `${FILES_DRAFT_PREFIX}${conversationId || 'new'}`;
const isString = (v: unknown): v is string => typeof v === 'string';

/**
 * A stored file read defensively (local storage can be edited, or written by an older version):
 * it must name a file served by this API (`/api/files/…`), never another address.
 */
function storedFile(value: unknown): ParleyFile | null {
  const f = (value ?? {}) as Record<string, unknown>;
  if (!isString(f.file_id) || !f.file_id || !isString(f.filename) || !isString(f.type)) return null;
  if (!isString(f.filepath) || !f.filepath.startsWith('/api/files/') || f.filepath.includes('..'))
    return null;
  if (typeof f.bytes !== 'number' || !Number.isFinite(f.bytes) || f.bytes < 0) return null;
  return f as unknown as ParleyFile;
}

/** The conversation's stored attachment draft; nothing for a missing or unreadable one. */
export function readFileDraft(store: DraftStore, conversationId: string): ParleyFile[] {
  const raw = store.getItem(keyOf(conversationId));
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.flatMap((v) => storedFile(v) ?? []) : [];
  } catch {
    return [];
  }
}

/** Saves the conversation's uploaded attachments; none removes the draft. */
export function writeFileDraft(store: DraftStore, conversationId: string, files: ParleyFile[]): void {
  if (files.length === 0) store.removeItem(keyOf(conversationId));
  else store.setItem(keyOf(conversationId), JSON.stringify(files));
}
