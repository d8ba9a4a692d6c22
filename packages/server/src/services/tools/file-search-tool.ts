import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { FileEmbeddings } from '../files/file-embeddings.ts';
import {
  conversationFileIds,
  FILE_SEARCH_LIMIT,
  searchFiles,
  type FileSearchHit,
} from '../files/file-search.ts';
import { conversationProjectFiles } from '../projects/project-files.ts';
import type { Tool } from './tool.ts';

const fileSearchInput = z.strictObject({
  query: z.string().trim().min(1, 'query is required').max(1000, 'query is at most 1000 characters'),
});

const NOTHING_FOUND = 'No passage of the attached files matches this query.';

/**
 * `file_search`: finds passages in the documents the caller attached to this conversation (their
 * own files only): by full-text rank, fused with vector similarity when an embeddings provider is
 * configured and answers. Each result names its file, place and (PDF) page, so an answer can cite
 * it; the model is told to say when nothing was found rather than guess.
 */
export function fileSearchTool(db: Database, embeddings?: FileEmbeddings): Tool<typeof fileSearchInput> {
  return {
    name: 'file_search',
    description:
      'Searches the documents the user attached to this conversation (and its project’s files) and returns the passages that ' +
      'best match the query, each with its file name and citation number. When you use a passage, ' +
      'cite it with its number in square brackets right after the sentence, e.g. [1] or [1][2]; ' +
      'if nothing is found, say so.',
    input: fileSearchInput,
    authConfig: [],
    timeoutMs: 30_000,
    async run({ query }, context) {
      // The caller's files in this conversation, and the knowledge of its project (files of any
      // member, searched under each owner's id: chunks are stored per owner).
      const byOwner = await conversationProjectFiles(db, context.userId, context.conversationId);
      const own = await conversationFileIds(db, context.userId, context.conversationId);
      byOwner.set(context.userId, [...new Set([...(byOwner.get(context.userId) ?? []), ...own])]);
      const searches = [...byOwner].filter(([, ids]) => ids.length > 0);
      if (searches.length === 0) return { results: [], message: NOTHING_FOUND };
      const queryVector = embeddings ? await embeddings.queryVector(query) : null;
      const hits = bestOf(
        await Promise.all(
          searches.map(([owner, ids]) => searchFiles(db, owner, ids, query, FILE_SEARCH_LIMIT, queryVector)),
        ),
      );
      return {
        results: hits.map((hit, i) => ({
          citation: i + 1,
          file_id: hit.fileId,
          filename: hit.filename,
          chunk: hit.position,
          ...(hit.page !== null && { page: hit.page }),
          ...(hit.lastPage !== null && hit.lastPage !== hit.page && { last_page: hit.lastPage }),
          relevance: Number(hit.score.toFixed(4)),
          content: hit.text,
        })),
        ...(hits.length === 0 ? { message: NOTHING_FOUND } : {}),
      };
    },
  };
}

/** The best FILE_SEARCH_LIMIT hits of several owners' searches (one search needs no merging). */
function bestOf(lists: FileSearchHit[][]): FileSearchHit[] {
  if (lists.length === 1) return lists[0]!;
  return lists
    .flat()
    .sort((a, b) => b.score - a.score)
    .slice(0, FILE_SEARCH_LIMIT);
}
