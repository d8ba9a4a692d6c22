import type { ParleyFile } from '@parley/schema';
import type { DraftStore } from './attachment-drafts';

/**
 * Uploaded files removed from a message before it was sent wait a second to be deleted on the
 * server in one batch. Until that batch is answered they are kept in local storage under this
 * key (by file id), so a reload or a closed tab does not leave them on the server for good: the
 * next start of the app sends them again.
 */
export const FILES_TO_DELETE_KEY = 'filesToDelete';

function read(store: DraftStore): Record<string, ParleyFile> {
  try {
    const value: unknown = JSON.parse(store.getItem(FILES_TO_DELETE_KEY) ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, ParleyFile>)
      : {};
  } catch {
    return {};
  }
}

function write(store: DraftStore, files: Record<string, ParleyFile>): void {
  try {
    if (Object.keys(files).length === 0) store.removeItem(FILES_TO_DELETE_KEY);
    else store.setItem(FILES_TO_DELETE_KEY, JSON.stringify(files));
  } catch {
    // A full or disabled storage only loses the retry after a reload.
  }
}

/** Remembers `file` as waiting for its deletion. */
export function keepPendingDelete(store: DraftStore, file: ParleyFile): void {
  write(store, { ...read(store), [file.file_id]: file });
}

/** The ids of every file kept, deletable at start or not. */
export const pendingDeleteIds = (store: DraftStore): string[] => Object.keys(read(store));

/** Forgets the files whose deletion the server answered. */
export function forgetPendingDeletes(store: DraftStore, fileIds: string[]): void {
  const files = read(store);
  for (const id of fileIds) delete files[id];
  write(store, files);
}

/**
 * The stored files to delete when the app starts: only temporary uploads of this API (a file
 * path, a source and the id the browser gave the upload) that were not indexed for search, as
 * the specification says.
 */
export function deletableAtStart(store: DraftStore): ParleyFile[] {
  return Object.values(read(store)).filter(
    (f) =>
      typeof f?.file_id === 'string' &&
      typeof f.filepath === 'string' &&
      f.filepath.startsWith('/api/files/') &&
      typeof f.source === 'string' &&
      typeof f.temp_file_id === 'string' &&
      f.temp_file_id !== '' &&
      !f.embedded,
  );
}
