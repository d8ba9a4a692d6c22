import type { ParleyFile } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FILE_SORT, filterFiles, nextSort, sortFiles } from './file-list-rules';

const file = (filename: string, type: string, bytes: number, updatedAt: string): ParleyFile => ({
  file_id: filename,
  user: 'u',
  filename,
  filepath: `/api/files/download/u/${filename}`,
  type,
  bytes,
  source: 'local',
  embedded: false,
  context: 'message_attachment',
  usage: 0,
  createdAt: updatedAt,
  updatedAt,
});

const files = [
  file('report 10.pdf', 'application/pdf', 5000, '2026-01-02T00:00:00Z'),
  file('Report 9.pdf', 'application/pdf', 100, '2026-01-03T00:00:00Z'),
  file('chart.png', 'image/png', 70_000, '2026-01-01T00:00:00Z'),
];
const names = (list: ParleyFile[]) => list.map((f) => f.filename);

describe('files dashboard list', () => {
  it('searches names and types by every word, ignoring case', () => {
    expect(names(filterFiles(files, 'REPORT pdf'))).toEqual(['report 10.pdf', 'Report 9.pdf']);
    expect(names(filterFiles(files, 'image'))).toEqual(['chart.png']);
    expect(filterFiles(files, '  ')).toHaveLength(3);
  });

  it('sorts by each column, names naturally, and turns the order on a second click', () => {
    expect(names(sortFiles(files, DEFAULT_FILE_SORT))).toEqual([
      'Report 9.pdf',
      'report 10.pdf',
      'chart.png',
    ]);
    const byName = nextSort(DEFAULT_FILE_SORT, 'filename');
    expect(byName).toEqual({ key: 'filename', descending: false });
    expect(names(sortFiles(files, byName))).toEqual(['chart.png', 'Report 9.pdf', 'report 10.pdf']);
    expect(names(sortFiles(files, nextSort(byName, 'filename')))).toEqual([
      'report 10.pdf',
      'Report 9.pdf',
      'chart.png',
    ]);
    expect(names(sortFiles(files, nextSort(byName, 'bytes')))).toEqual([
      'chart.png',
      'report 10.pdf',
      'Report 9.pdf',
    ]);
  });
});
