import type { ParleyFile } from '@parley/schema';

export type FileSortKey = 'filename' | 'type' | 'bytes' | 'updatedAt';
export interface FileSort {
  key: FileSortKey;
  descending: boolean;
}

/** Newest first, as the list opens. */
export const DEFAULT_FILE_SORT: FileSort = { key: 'updatedAt', descending: true };

/** The files whose name or type contains every word of `query` (case-insensitive). */
export function filterFiles(files: ParleyFile[], query: string): ParleyFile[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return files;
  return files.filter((f) => {
    const text = `${f.filename} ${f.type}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

function compare(a: ParleyFile, b: ParleyFile, key: FileSortKey): number {
  switch (key) {
    case 'bytes':
      return a.bytes - b.bytes;
    case 'updatedAt':
      return Date.parse(a.updatedAt) - Date.parse(b.updatedAt);
    default:
      return a[key].localeCompare(b[key], undefined, { sensitivity: 'base', numeric: true });
  }
}

/** A sorted copy; ties keep the newest first so the order never jumps. */
export function sortFiles(files: ParleyFile[], sort: FileSort): ParleyFile[] {
  const sign = sort.descending ? -1 : 1;
  return [...files].sort(
    (a, b) => sign * compare(a, b, sort.key) || Date.parse(b.updatedAt) - Date.parse(a.updatedAt),
  );
}

/** Clicking a column sorts by it; clicking it again turns the order round. */
export function nextSort(current: FileSort, key: FileSortKey): FileSort {
  if (current.key === key) return { key, descending: !current.descending };
  // Sizes and dates read best largest/newest first; names and types A to Z.
  return { key, descending: key === 'bytes' || key === 'updatedAt' };
}
