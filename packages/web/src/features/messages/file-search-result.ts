/** A numbered passage of a `file_search` result, as the server's tool saves it. */
export interface FileSource {
  citation: number;
  fileId: string;
  filename: string;
  /** The passage's place in its document, from 0. */
  chunk: number;
  /** The passage's text, shown in the citation pop-up. */
  snippet: string;
  /** A PDF passage's first page, from 1. */
  page?: number;
  /** Its last page, when it runs over a page break. */
  lastPage?: number;
}

/** A whole page number from 1, or undefined for anything else. */
const pageNumber = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : undefined;

export const FILE_SEARCH_TOOL = 'file_search';

/**
 * A `file_search` output read defensively (saved by a server, maybe an older one, maybe cut by the
 * saved-output limit): entries without a file id or a citation number are dropped, never guessed.
 */
export function parseFileSearchOutput(output: unknown): FileSource[] {
  let value: unknown = output;
  if (typeof output === 'string') {
    try {
      value = JSON.parse(output);
    } catch {
      return [];
    }
  }
  const results = (value as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) return [];
  return results.flatMap((r: unknown) => {
    const o = (r ?? {}) as Record<string, unknown>;
    if (typeof o.file_id !== 'string' || !o.file_id) return [];
    if (typeof o.citation !== 'number' || !Number.isInteger(o.citation) || o.citation < 1) return [];
    const page = pageNumber(o.page);
    const lastPage = page === undefined ? undefined : pageNumber(o.last_page);
    return [
      {
        citation: o.citation,
        fileId: o.file_id,
        filename: typeof o.filename === 'string' && o.filename ? o.filename : o.file_id,
        chunk: typeof o.chunk === 'number' && o.chunk >= 0 ? o.chunk : 0,
        snippet: typeof o.content === 'string' ? o.content : '',
        ...(page !== undefined && { page }),
        ...(lastPage !== undefined && lastPage > page! && { lastPage }),
      },
    ];
  });
}
