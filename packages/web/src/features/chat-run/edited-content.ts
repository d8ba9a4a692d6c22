import type { EditedContent, Message } from '@parley/schema';

/**
 * The `editedContent` of a "Save and submit" (spec 000 §4: an edit replaces the message text, or
 * one text or think part by index): the message's first text part takes the new text, so its
 * other parts — think (reasoning) parts among them — are kept as they are. A message with no
 * parts is text only: index 0.
 */
export function editedContentFor(message: Pick<Message, 'content'>, text: string): EditedContent {
  const index = message.content?.findIndex((p) => p.type === 'text') ?? -1;
  return { index: Math.max(index, 0), text, type: 'text' };
}

/** The message as it reads once the server applied `edit` (what the cache shows meanwhile). */
export function withEditApplied(message: Message, edit: EditedContent): Message {
  if (!message.content?.length) return { ...message, text: edit.text };
  const content = message.content.map((p, i) => (i === edit.index ? { ...p, [edit.type]: edit.text } : p));
  const text =
    edit.type === 'text'
      ? content
          .filter((p) => p.type === 'text')
          .map((p) => String((p as { text?: unknown }).text ?? ''))
          .join('')
      : message.text;
  return { ...message, text, content };
}

/** The chat path a request posts to: the edit flow uses the endpoint's path plus `/modify`. */
export function chatPathFor(endpoint: string, kind: 'new' | 'regenerate' | 'continue' | 'edit'): string {
  const base = `/api/agents/chat/${encodeURIComponent(endpoint)}`;
  return kind === 'edit' ? `${base}/modify` : base;
}
