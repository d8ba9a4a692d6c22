import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import type { Tool } from '../tools/tool.ts';
import type { ToolRegistry } from '../tools/tool-registry.ts';
import { attachedFileIds } from './conversation-history.ts';

const FILE_SEARCH = 'file_search';

/**
 * The request's tools, with `file_search` added when the new message carries files the caller
 * uploaded for file search: attaching them is the request to search them, so the conversation's
 * tool switch (which stays as it is) need not be on, and the model is never left without the tool
 * its files need. `allowed` is asked only then: file search still has to be on in parley.yaml and
 * allowed to the caller's role (either may have changed since the upload).
 */
export async function withAttachedFileSearch(
  db: Database,
  registry: ToolRegistry,
  userId: string,
  messageFiles: Record<string, unknown>[] | undefined,
  tools: Tool[],
  allowed: () => Promise<boolean>,
): Promise<Tool[]> {
  const ids = attachedFileIds(messageFiles);
  if (ids.length === 0 || tools.some((t) => t.name === FILE_SEARCH)) return tools;
  const tool = registry.get(FILE_SEARCH);
  if (!tool) return tools;
  const [forSearch] = await db
    .select({ fileId: files.fileId })
    .from(files)
    .where(and(eq(files.userId, userId), inArray(files.fileId, ids), eq(files.toolResource, FILE_SEARCH)))
    .limit(1);
  return forSearch && (await allowed()) ? [...tools, tool] : tools;
}

/**
 * The request's tools, with `file_search` added when the chat runs in a project that has knowledge
 * files (and file search is `allowed`, as for attached files): the project's files are searched in
 * every conversation in it.
 */
export async function withProjectFileSearch(
  registry: ToolRegistry,
  project: { hasFiles: boolean } | null,
  tools: Tool[],
  allowed: () => Promise<boolean>,
): Promise<Tool[]> {
  if (!project?.hasFiles || tools.some((t) => t.name === FILE_SEARCH)) return tools;
  const tool = registry.get(FILE_SEARCH);
  return tool && (await allowed()) ? [...tools, tool] : tools;
}
