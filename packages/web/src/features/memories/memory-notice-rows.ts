import { memoryArtifactError, type MemoryAttachment } from '@parley/schema';

/** One line of the memory notice, in the words the notice shows (keys of the memories strings). */
export type NoticeRow =
  | { kind: 'update'; key: string; value: string }
  | { kind: 'delete'; key: string }
  | { kind: 'already_exceeded' | 'would_exceed'; key: string; tokenCount: number }
  | { kind: 'error'; key: string };

/**
 * The notice's lines for an answer's memory changes, in the order they were made; and whether it
 * is an error notice (any change refused), which the notice shows in red under its own heading.
 */
export function noticeRows(attachments: readonly MemoryAttachment[]): { rows: NoticeRow[]; error: boolean } {
  const rows = attachments.map(({ memory }): NoticeRow => {
    if (memory.type === 'update') return { kind: 'update', key: memory.key, value: memory.value ?? '' };
    if (memory.type === 'delete') return { kind: 'delete', key: memory.key };
    const error = memoryArtifactError(memory);
    return error
      ? { kind: error.errorType, key: memory.key, tokenCount: error.tokenCount }
      : { kind: 'error', key: memory.key };
  });
  return { rows, error: attachments.some((a) => a.memory.type === 'error') };
}
