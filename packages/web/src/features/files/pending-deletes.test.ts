import type { ParleyFile } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import type { DraftStore } from './attachment-drafts';
import {
  deletableAtStart,
  FILES_TO_DELETE_KEY,
  forgetPendingDeletes,
  keepPendingDelete,
  pendingDeleteIds,
} from './pending-deletes';

function memoryStore(): DraftStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const file = (id: string, extra: Partial<ParleyFile> = {}): ParleyFile => ({
  file_id: id,
  temp_file_id: `tmp-${id}`,
  user: 'ada',
  filename: `${id}.png`,
  filepath: `/api/files/download/ada/${id}`,
  type: 'image/png',
  bytes: 12,
  source: 'local',
  embedded: false,
  context: 'message_attachment',
  usage: 0,
  createdAt: '2026-11-24T00:00:00.000Z',
  updatedAt: '2026-11-24T00:00:00.000Z',
  ...extra,
});

describe('files removed before sending, kept in local storage until deleted', () => {
  it('keeps each file under filesToDelete until the server answers for it', () => {
    const store = memoryStore();
    keepPendingDelete(store, file('a'));
    keepPendingDelete(store, file('b'));
    expect(Object.keys(JSON.parse(store.data.get(FILES_TO_DELETE_KEY)!) as object)).toEqual(['a', 'b']);
    forgetPendingDeletes(store, ['a']);
    expect(pendingDeleteIds(store)).toEqual(['b']);
    forgetPendingDeletes(store, ['b']);
    expect(store.data.has(FILES_TO_DELETE_KEY)).toBe(false);
  });

  it('sends at start only temporary, unindexed uploads with a path and a source', () => {
    const store = memoryStore();
    keepPendingDelete(store, file('plain'));
    keepPendingDelete(store, file('indexed', { embedded: true }));
    keepPendingDelete(store, file('no-temp', { temp_file_id: undefined }));
    keepPendingDelete(store, file('elsewhere', { filepath: 'https://example.com/x' }));
    keepPendingDelete(store, file('no-source', { source: undefined as unknown as 'local' }));
    expect(deletableAtStart(store).map((f) => f.file_id)).toEqual(['plain']);
    expect(pendingDeleteIds(store)).toHaveLength(5);
  });

  it('reads nothing from a missing or damaged entry', () => {
    const store = memoryStore();
    expect(deletableAtStart(store)).toEqual([]);
    store.data.set(FILES_TO_DELETE_KEY, '{not json');
    expect(deletableAtStart(store)).toEqual([]);
    store.data.set(FILES_TO_DELETE_KEY, '[1,2]');
    expect(pendingDeleteIds(store)).toEqual([]);
  });
});
