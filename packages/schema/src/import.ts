import { z } from 'zod';
import { entityId } from './list-query.ts';

/** Largest import file accepted (it is parsed as a stream, so memory does not grow with it). */
export const IMPORT_MAX_BYTES = 1024 * 1024 * 1024;

/** Answer of POST /api/convos/import: how much was added. */
export interface ImportResult {
  message: string;
  conversations: number;
  messages: number;
}

export const EXPORT_FORMATS = ['json', 'md', 'txt'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /api/convos/{conversationId}/export?format=json|md|txt (json when absent). */
export const exportConversationParamsSchema = z.object({ conversationId: entityId('conversationId') });
export const exportConversationQuerySchema = z.object({
  format: z
    .enum(EXPORT_FORMATS, { error: `format must be one of ${EXPORT_FORMATS.join(', ')}` })
    .default('json'),
});

/** Version of Parley's own export format (the JSON export's `parley` field). */
export const PARLEY_EXPORT_VERSION = 1;
