import { NO_PARENT, type ContentPart } from '@parley/schema';
import { badRequest } from '../../errors/app-error.ts';
import type { ProviderMessage } from '../providers/provider.ts';
import type { BranchMessage } from './chat-persistence.ts';

/**
 * The branch from the conversation's root down to `leafId` (inclusive), oldest first: only the
 * messages on that path are sent upstream, never the sibling branches.
 */
export function branchTo(messages: Map<string, BranchMessage>, leafId: string): BranchMessage[] {
  const branch: BranchMessage[] = [];
  const seen = new Set<string>();
  let id: string | undefined = leafId;
  while (id && id !== NO_PARENT) {
    const message = messages.get(id);
    // A cycle or a dangling parent ends the walk; the messages above are unreachable anyway.
    if (!message || seen.has(id)) break;
    seen.add(id);
    branch.push(message);
    id = message.parentMessageId;
  }
  if (branch.length === 0 && leafId !== NO_PARENT) {
    throw badRequest('parentMessageId is not a message of this conversation', [
      { path: 'parentMessageId', message: 'Not a message of this conversation' },
    ]);
  }
  return branch.reverse();
}

/** A message's text as the model should read it: its text parts, or its plain text. */
export function messageText(message: Pick<BranchMessage, 'text' | 'content'>): string {
  const parts = message.content as ContentPart[] | null;
  if (!parts?.length) return message.text;
  const text = parts
    .filter((p) => p.type === 'text' && typeof p.text === 'string')
    .map((p) => p.text as string)
    .join('');
  return text || message.text;
}

/** The file ids a message's `files` list names (entries without a string id are ignored). */
export function attachedFileIds(files: Record<string, unknown>[] | null | undefined): string[] {
  return (files ?? []).flatMap((f) => (typeof f.file_id === 'string' && f.file_id ? [f.file_id] : []));
}

/** The provider messages for a branch: system prompt first, failed answers and empty turns left out. */
export function toProviderMessages(branch: BranchMessage[], systemPrompt?: string | null): ProviderMessage[] {
  const result: ProviderMessage[] = [];
  if (systemPrompt?.trim()) result.push({ role: 'system', content: systemPrompt });
  for (const message of branch) {
    if (message.error && !message.isCreatedByUser) continue;
    const content = messageText(message);
    if (!content) continue;
    const fileIds = message.isCreatedByUser ? attachedFileIds(message.files) : [];
    result.push({
      role: message.isCreatedByUser ? 'user' : 'assistant',
      content,
      ...(fileIds.length > 0 ? { fileIds } : {}),
    });
  }
  return result;
}
