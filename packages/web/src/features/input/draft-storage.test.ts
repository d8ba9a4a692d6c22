import { describe, expect, it } from 'vitest';
import {
  claimDraftsFor,
  decodeDraft,
  draftWriteDelayMs,
  DRAFT_PREFIX,
  encodeDraft,
  hasUnsentDrafts,
  moveDraft,
  readDraft,
  writeDraft,
  type KeyValueStore,
} from './draft-storage';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
    get length() {
      return data.size;
    },
    key: (i) => [...data.keys()][i] ?? null,
  };
}

describe('draft storage', () => {
  it('round-trips any text through the encoding', () => {
    for (const text of ['hello', 'héllo wörld', '日本語 🎉', 'line\nbreak']) {
      expect(decodeDraft(encodeDraft(text))).toBe(text);
    }
    expect(decodeDraft('%%%not base64')).toBeNull();
  });
  it('stores encoded under textDraft_<id>, "new" for a new chat', () => {
    const store = memoryStore();
    writeDraft(store, 'abc', 'hi');
    writeDraft(store, null, 'fresh');
    expect(store.data.get('textDraft_abc')).toBe(encodeDraft('hi'));
    expect(readDraft(store, 'new')).toBe('fresh');
    expect(readDraft(store, 'abc')).toBe('hi');
    expect(readDraft(store, 'other')).toBe('');
  });
  it('removes the draft when the text is blank', () => {
    const store = memoryStore();
    writeDraft(store, 'abc', 'hi');
    writeDraft(store, 'abc', '   ');
    expect(store.data.size).toBe(0);
  });
  it('moves the pending draft to the new id', () => {
    const store = memoryStore();
    writeDraft(store, 'PENDING', 'half-written');
    moveDraft(store, 'PENDING', 'c1');
    expect(readDraft(store, 'PENDING')).toBe('');
    expect(readDraft(store, 'c1')).toBe('half-written');
  });
  it('keeps drafts for the account that typed them and drops them for another one', () => {
    const store = memoryStore();
    claimDraftsFor(store, 'ada');
    writeDraft(store, 'new', 'half a thought');
    store.setItem('filesDraft_new', '[{"file_id":"f1"}]');
    store.setItem('unrelated', 'kept');
    claimDraftsFor(store, 'ada');
    expect(readDraft(store, 'new')).toBe('half a thought');
    expect(store.data.has('filesDraft_new')).toBe(true);
    claimDraftsFor(store, 'bob');
    expect(readDraft(store, 'new')).toBe('');
    // Ada's attachment drafts go with her text drafts.
    expect(store.data.has('filesDraft_new')).toBe(false);
    expect(store.data.get('unrelated')).toBe('kept');
  });
});

describe('draftWriteDelayMs', () => {
  it('removes an emptied draft after 2.5 s and saves text after 750 ms', () => {
    expect(draftWriteDelayMs('')).toBe(2500);
    expect(draftWriteDelayMs('   ')).toBe(2500);
    expect(draftWriteDelayMs('hello')).toBe(750);
  });
});

describe('unsent drafts', () => {
  it('are any non-blank text draft of a conversation other than the one on screen', () => {
    const store = memoryStore();
    expect(hasUnsentDrafts(store)).toBe(false);
    store.setItem('unrelated', 'x');
    store.setItem(`${DRAFT_PREFIX}c1`, encodeDraft('   '));
    store.setItem(`${DRAFT_PREFIX}c2`, 'not base64 of utf-8 %%%');
    expect(hasUnsentDrafts(store)).toBe(false);
    writeDraft(store, 'c3', 'half a question');
    expect(hasUnsentDrafts(store)).toBe(true);
    // The conversation on screen does not count: its text is in front of the user.
    expect(hasUnsentDrafts(store, 'c3')).toBe(false);
    writeDraft(store, null, 'on a new chat');
    expect(hasUnsentDrafts(store, 'c3')).toBe(true);
    expect(hasUnsentDrafts(store, 'new')).toBe(true);
  });
});
