/**
 * Text drafts per conversation: stored encoded under `textDraft_<id>`; while a
 * new conversation's first message is pending the draft lives under the pending key and moves to
 * the real id once the server names it.
 */
import { FILES_DRAFT_PREFIX } from '../files';

export const DRAFT_PREFIX = 'textDraft_';
export const PENDING_DRAFT_ID = 'PENDING';
export const DRAFT_SAVE_DELAY_MS = 750;
export const DRAFT_REMOVE_DELAY_MS = 2500;
/**
 * How long after the last edit a draft is written: an emptied box removes its draft only after
 * 2.5 s (clearing the box to retype does not lose the draft to a quick reload), text is saved
 * after 750 ms.
 */
export function draftWriteDelayMs(text: string): number {
  return text.trim() === '' ? DRAFT_REMOVE_DELAY_MS : DRAFT_SAVE_DELAY_MS;
}
/** The id of the account whose drafts this browser holds. */
export const DRAFTS_OWNER_KEY = 'textDraftsOwner';

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}

/** Base64 of the UTF-8 bytes, so any text (emoji, CJK) round-trips. */
export function encodeDraft(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function decodeDraft(stored: string): string | null {
  try {
    const binary = atob(stored);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

const keyOf = (conversationId: string | null | undefined) => `${DRAFT_PREFIX}${conversationId || 'new'}`;

export function readDraft(store: KeyValueStore, conversationId: string | null | undefined): string {
  const raw = store.getItem(keyOf(conversationId));
  return raw ? (decodeDraft(raw) ?? '') : '';
}

/** Saves a draft; an empty (or blank) text removes it. */
export function writeDraft(
  store: KeyValueStore,
  conversationId: string | null | undefined,
  text: string,
): void {
  if (text.trim() === '') store.removeItem(keyOf(conversationId));
  else store.setItem(keyOf(conversationId), encodeDraft(text));
}

/** Moves a draft from one id to another (pending → the new conversation's id). */
export function moveDraft(store: KeyValueStore, from: string, to: string): void {
  const raw = store.getItem(keyOf(from));
  store.removeItem(keyOf(from));
  if (raw) store.setItem(keyOf(to), raw);
}

/** Removes every draft, text and attachments (another account signed in on this browser). */
export function removeAllDrafts(store: KeyValueStore): void {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(DRAFT_PREFIX) || key?.startsWith(FILES_DRAFT_PREFIX)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
}

/**
 * Drafts belong to the account that typed them: they survive its sign-out and sign-in, and
 * another account signing in on this browser starts without them.
 */
export function claimDraftsFor(store: KeyValueStore, userId: string): void {
  const owner = store.getItem(DRAFTS_OWNER_KEY);
  if (owner === userId) return;
  if (owner !== null) removeAllDrafts(store);
  store.setItem(DRAFTS_OWNER_KEY, userId);
}

/**
 * Whether this browser holds text typed and not sent in another conversation than `shown` (drafts
 * are saved as they are typed, whichever tab typed them): logging out asks first, since it signs
 * every tab out. The conversation on screen is left out: its text is in front of the user.
 */
export function hasUnsentDrafts(store: KeyValueStore, shown?: string | null): boolean {
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (!key?.startsWith(DRAFT_PREFIX) || key === keyOf(shown)) continue;
    const raw = store.getItem(key);
    if (raw && (decodeDraft(raw) ?? '').trim() !== '') return true;
  }
  return false;
}
