import type { ContentPart, ParleyFile } from '@parley/schema';

/**
 * The files an answer's tools made (its `attachments` from the stream's `attachment` events or
 * the saved answer), in order: entries that are files (a `file_id` and a `filename`), not the
 * memory step's notices, and not the pictures already shown as the answer's image parts. The
 * same file announced twice is listed once.
 */
export function answerFiles(attachments: unknown, content: readonly ContentPart[] | undefined): ParleyFile[] {
  if (!Array.isArray(attachments)) return [];
  const shown = new Set<string>();
  for (const part of content ?? []) {
    const id = (part.image_file as { file_id?: unknown } | undefined)?.file_id;
    if (part.type === 'image_file' && typeof id === 'string') shown.add(id);
  }
  const files: ParleyFile[] = [];
  for (const a of attachments as unknown[]) {
    if (typeof a !== 'object' || a === null) continue;
    const { file_id: id, filename } = a as { file_id?: unknown; filename?: unknown };
    if (typeof id !== 'string' || typeof filename !== 'string' || shown.has(id)) continue;
    shown.add(id);
    files.push(a as ParleyFile);
  }
  return files;
}
