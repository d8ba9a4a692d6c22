import type { ParleyFile } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { readFileDraft, writeFileDraft, type DraftStore } from './attachment-drafts';

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
  filename: `${id}.txt`,
  filepath: `/api/files/download/ada/${id}`,
  type: 'text/plain',
  bytes: 12,
  source: 'local',
  embedded: true,
  context: 'message_attachment',
  usage: 0,
  createdAt: '2026-11-24T00:00:00.000Z',
  updatedAt: '2026-11-24T00:00:00.000Z',
  ...extra,
});

describe('attachment drafts', () => {
  it('keeps each conversation its own files and removes the draft when none are left', () => {
    const store = memoryStore();
    writeFileDraft(store, 'c1', [file('a'), file('b')]);
    writeFileDraft(store, 'new', [file('c')]);
    expect(readFileDraft(store, 'c1').map((f) => f.file_id)).toEqual(['a', 'b']);
    expect(readFileDraft(store, 'new').map((f) => f.file_id)).toEqual(['c']);
    expect(readFileDraft(store, 'c2')).toEqual([]);
    writeFileDraft(store, 'c1', []);
    expect(store.data.has('filesDraft_c1')).toBe(false);
    expect(readFileDraft(store, 'c1')).toEqual([]);
  });

  it('drops stored entries that are not files of this API, and unreadable drafts entirely', () => {
    const store = memoryStore();
    store.setItem(
      'filesDraft_c1',
      JSON.stringify([
        file('good'),
        { ...file('elsewhere'), filepath: 'https://evil.example/x' },
        { ...file('climb'), filepath: '/api/files/../../etc/passwd' },
        { ...file('no-size'), bytes: 'big' },
        { filename: 'no id', filepath: '/api/files/download/ada/x', type: 'text/plain', bytes: 1 },
        null,
        'text',
      ]),
    );
    expect(readFileDraft(store, 'c1').map((f) => f.file_id)).toEqual(['good']);
    store.setItem('filesDraft_c2', '{not json');
    expect(readFileDraft(store, 'c2')).toEqual([]);
    store.setItem('filesDraft_c3', '{"file_id":"not a list"}');
    expect(readFileDraft(store, 'c3')).toEqual([]);
  });
});
