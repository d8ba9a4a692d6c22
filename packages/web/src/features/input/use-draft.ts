import { useEffect, useRef } from 'react';
import { useSettings } from '../../store/settings-store';
import {
  claimDraftsFor,
  draftWriteDelayMs,
  moveDraft,
  readDraft,
  writeDraft,
  type KeyValueStore,
} from './draft-storage';

function storage(): KeyValueStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function moveDraftInStorage(from: string, to: string): void {
  const store = storage();
  if (store) moveDraft(store, from, to);
}

export function loadDraft(conversationId: string): string {
  const store = storage();
  return store ? readDraft(store, conversationId) : '';
}

export function clearDraft(conversationId: string): void {
  const store = storage();
  if (store) writeDraft(store, conversationId, '');
}

/**
 * Saves the text as a draft for its conversation 750 ms after the last keystroke, and removes
 * the draft 2.5 s after the box was emptied (when the
 * save-drafts setting is on). `draftId` is the conversation id, or PENDING while a new chat's
 * first message waits for its id. Text not yet saved when the box goes away (signing out, leaving
 * the chat) is saved at once rather than dropped.
 */
export function useDraftSaver(draftId: string, text: string): void {
  const enabled = useSettings((s) => s.saveDrafts);
  const first = useRef(true);
  const unsaved = useRef<{ draftId: string; text: string } | null>(null);
  useEffect(() => {
    // The restored text is not a new edit: skip the save it would trigger.
    if (first.current) {
      first.current = false;
      return;
    }
    if (!enabled) return;
    const store = storage();
    if (!store) return;
    unsaved.current = { draftId, text };
    const timer = window.setTimeout(() => {
      writeDraft(store, draftId, text);
      unsaved.current = null;
    }, draftWriteDelayMs(text));
    return () => window.clearTimeout(timer);
  }, [draftId, text, enabled]);

  useEffect(
    () => () => {
      const pending = unsaved.current;
      const store = storage();
      if (pending && store) writeDraft(store, pending.draftId, pending.text);
    },
    [],
  );
}

/** See `claimDraftsFor`: called with the signed-in user's id before a box reads its draft. */
export function claimDrafts(userId: string | undefined): void {
  const store = storage();
  if (store && userId) claimDraftsFor(store, userId);
}
