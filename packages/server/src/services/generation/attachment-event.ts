import type { ParleyFile } from '@parley/schema';

/**
 * The data of an `event: attachment` (the chat stream event named for attachments, which Parley and LibreChat clients read): a file a tool made while the answer
 * was written, as the API shows files, with the answer it belongs to (`messageId`), the tool call
 * that made it (`toolCallId`) and the conversation. The same object is kept in the saved answer's
 * `attachments`, so a reload shows what the stream showed.
 */
export type AttachmentEventData = ParleyFile & {
  messageId: string;
  toolCallId: string;
  conversationId: string;
};

export function attachmentEventData(
  file: ParleyFile,
  ids: { messageId: string; toolCallId: string; conversationId: string },
): AttachmentEventData {
  return { ...file, ...ids };
}
