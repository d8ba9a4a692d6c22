import type { Conversation, Message } from '@parley/schema';

/** A message's text; for replies made only of content parts, their text parts. */
export function messageText(message: Message): string {
  if (message.text) return message.text;
  return (message.content ?? [])
    .map((part) => (part.type === 'text' && typeof part.text === 'string' ? part.text : ''))
    .filter(Boolean)
    .join('\n');
}

/**
 * Messages in reading order: depth first from each first message, so every thread reads from
 * top to bottom and each alternative branch follows the one before it. `branch` is 0 on the
 * first (main) thread and counts how often the path to the message took another than the first
 * reply.
 */
export function readingOrder(messages: Message[]): { message: Message; branch: number }[] {
  const ids = new Set(messages.map((m) => m.messageId));
  const children = new Map<string, Message[]>();
  for (const m of messages) {
    const parent = ids.has(m.parentMessageId) ? m.parentMessageId : '';
    children.set(parent, [...(children.get(parent) ?? []), m]);
  }
  const out: { message: Message; branch: number }[] = [];
  const stack = [...(children.get('') ?? [])]
    .reverse()
    .map((message, i, all) => ({ message, branch: i < all.length - 1 ? 1 : 0 }));
  while (stack.length > 0) {
    const entry = stack.pop()!;
    out.push(entry);
    const kids = children.get(entry.message.messageId) ?? [];
    for (let i = kids.length - 1; i >= 0; i--)
      stack.push({ message: kids[i]!, branch: entry.branch + (i > 0 ? 1 : 0) });
  }
  return out;
}

function header(conversation: Conversation): string[] {
  return [
    `Conversation ID: ${conversation.conversationId}`,
    ...(conversation.endpoint ? [`Endpoint: ${conversation.endpoint}`] : []),
    ...(conversation.model ? [`Model: ${conversation.model}`] : []),
    `Created: ${conversation.createdAt}`,
    `Exported: ${new Date().toISOString()}`,
  ];
}

const branchNote = (branch: number) => (branch > 0 ? ` (alternative branch ${branch})` : '');

export function toMarkdown(conversation: Conversation, messages: Message[]): string {
  const lines = [`# ${conversation.title}`, '', ...header(conversation).map((l) => `- ${l}`), ''];
  for (const { message, branch } of readingOrder(messages)) {
    lines.push(`## ${message.sender}${branchNote(branch)}`, '', messageText(message), '');
  }
  return lines.join('\n');
}

export function toPlainText(conversation: Conversation, messages: Message[]): string {
  const lines = [
    conversation.title,
    '='.repeat(Math.min(conversation.title.length, 80) || 1),
    ...header(conversation),
    '',
  ];
  for (const { message, branch } of readingOrder(messages)) {
    lines.push(`${message.sender}${branchNote(branch)}:`, messageText(message), '');
  }
  return lines.join('\n');
}
