import { describe, expect, it } from 'vitest';
import { parseFileSearchOutput } from './file-search-result';

describe('parseFileSearchOutput', () => {
  it('reads the saved tool output, as text or as an object', () => {
    const output = {
      results: [
        {
          citation: 1,
          file_id: 'f1',
          filename: 'otters.pdf',
          chunk: 4,
          relevance: 0.5,
          content: 'Otters float.',
        },
      ],
    };
    const expected = [
      { citation: 1, fileId: 'f1', filename: 'otters.pdf', chunk: 4, snippet: 'Otters float.' },
    ];
    expect(parseFileSearchOutput(JSON.stringify(output))).toEqual(expected);
    expect(parseFileSearchOutput(output)).toEqual(expected);
  });

  it('drops entries without a file id or a whole positive citation, and fills missing names', () => {
    const output = {
      results: [
        { citation: 1, filename: 'no-id.txt', content: 'x' },
        { citation: 0, file_id: 'f0', content: 'x' },
        { citation: 1.5, file_id: 'f1', content: 'x' },
        { citation: '2', file_id: 'f2', content: 'x' },
        null,
        { citation: 3, file_id: 'f3', chunk: -2, content: 42 },
      ],
    };
    expect(parseFileSearchOutput(output)).toEqual([
      { citation: 3, fileId: 'f3', filename: 'f3', chunk: 0, snippet: '' },
    ]);
  });

  it('keeps a PDF passage’s pages when they are whole numbers from 1, the last only past the first', () => {
    const entry = (extra: object) => ({ citation: 1, file_id: 'f', content: 'x', ...extra });
    const read = (extra: object) => {
      const [source] = parseFileSearchOutput({ results: [entry(extra)] });
      return { page: source!.page, lastPage: source!.lastPage };
    };
    expect(read({ page: 4 })).toEqual({ page: 4, lastPage: undefined });
    expect(read({ page: 3, last_page: 4 })).toEqual({ page: 3, lastPage: 4 });
    expect(read({ page: 3, last_page: 3 })).toEqual({ page: 3, lastPage: undefined });
    expect(read({ page: 3, last_page: 2 })).toEqual({ page: 3, lastPage: undefined });
    expect(read({ page: 0 })).toEqual({ page: undefined, lastPage: undefined });
    expect(read({ page: '4', last_page: 5 })).toEqual({ page: undefined, lastPage: undefined });
    expect(read({ page: 2.5 })).toEqual({ page: undefined, lastPage: undefined });
  });

  it('gives nothing for text that is not JSON, a cut-off output or another shape', () => {
    expect(parseFileSearchOutput('error processing tool file_search')).toEqual([]);
    expect(parseFileSearchOutput('{"results":[{"citation":1,"file_id":"f')).toEqual([]);
    expect(parseFileSearchOutput({ message: 'No passage' })).toEqual([]);
    expect(parseFileSearchOutput(null)).toEqual([]);
    expect(parseFileSearchOutput(undefined)).toEqual([]);
  });
});
