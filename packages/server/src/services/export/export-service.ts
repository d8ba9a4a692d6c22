import { PARLEY_EXPORT_VERSION, type Conversation, type ExportFormat, type Message } from '@parley/schema';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors/app-error.ts';
import { getConversation } from '../conversations/conversation-service.ts';
import { getMessages } from '../messages/message-service.ts';
import { attachmentDisposition } from './export-file-name.ts';
import { toMarkdown, toPlainText } from './export-text.ts';

export interface ExportFile {
  contentType: string;
  disposition: string;
  body: string;
}

/** Conversation fields that are not settings (ids, owner, flags, dates). */
const NOT_OPTIONS = new Set([
  'conversationId',
  'user',
  'title',
  'isArchived',
  'expiredAt',
  'tags',
  'createdAt',
  'updatedAt',
]);

/**
 * Parley's JSON export: LibreChat's export shape (top-level conversation fields, `options`, and
 * a flat `messages` list linked by `parentMessageId`, so the whole tree is kept), which the
 * importer reads back.
 */
function toJson(conversation: Conversation, messages: Message[]): string {
  const options = Object.fromEntries(Object.entries(conversation).filter(([key]) => !NOT_OPTIONS.has(key)));
  return JSON.stringify(
    {
      parley: PARLEY_EXPORT_VERSION,
      conversationId: conversation.conversationId,
      title: conversation.title,
      endpoint: conversation.endpoint,
      endpointType: conversation.endpointType ?? null,
      model: conversation.model,
      createdAt: conversation.createdAt,
      updatedAt: conversation.updatedAt,
      exportAt: new Date().toISOString(),
      recursive: false,
      options,
      messages: messages.map(({ feedback: _feedback, ...message }) => message),
    },
    null,
    2,
  );
}

const FORMATS: Record<
  ExportFormat,
  { contentType: string; render: (c: Conversation, m: Message[]) => string }
> = {
  json: { contentType: 'application/json; charset=utf-8', render: toJson },
  md: { contentType: 'text/markdown; charset=utf-8', render: toMarkdown },
  txt: { contentType: 'text/plain; charset=utf-8', render: toPlainText },
};

/** One of the caller's conversations as a download; 404 when it is not theirs. */
export async function exportConversation(
  db: Database,
  userId: string,
  conversationId: string,
  format: ExportFormat,
): Promise<ExportFile> {
  const conversation = await getConversation(db, userId, conversationId);
  const messages = conversation ? await getMessages(db, userId, conversationId) : null;
  if (!conversation || !messages) throw notFound('Conversation not found');
  const { contentType, render } = FORMATS[format];
  return {
    contentType,
    disposition: attachmentDisposition(conversation.title, format),
    body: render(conversation, messages),
  };
}
