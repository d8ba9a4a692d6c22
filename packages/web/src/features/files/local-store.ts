import type { DraftStore } from './attachment-drafts';

/** The browser's local storage, or null where it is disabled (some private modes throw on access). */
export function localStore(): DraftStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
