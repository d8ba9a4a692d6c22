import type { Message } from '@parley/schema';

/**
 * One piece of a message the editor shows: a text or think (reasoning) content part by its index
 * (an edit replaces the message text, or one text or think part picked by its index), or the
 * plain text of a message without parts (`index` null).
 */
export interface EditablePart {
  index: number | null;
  type: 'text' | 'think';
  text: string;
}

/** The pieces of `message` the editor offers, in the message's order. */
export function editableParts(message: Pick<Message, 'text' | 'content'>): EditablePart[] {
  const parts: EditablePart[] = [];
  for (const [index, part] of (message.content ?? []).entries()) {
    if (part.type !== 'text' && part.type !== 'think') continue;
    const text = part[part.type];
    parts.push({ index, type: part.type, text: typeof text === 'string' ? text : '' });
  }
  return parts.some((p) => p.type === 'text') ? parts : [{ index: null, type: 'text', text: message.text }];
}

/** The pieces whose text the editor changed, with their new text. */
export function changedParts(parts: readonly EditablePart[], texts: readonly string[]): EditablePart[] {
  return parts.flatMap((part, i) => {
    const text = texts[i] ?? part.text;
    return text === part.text ? [] : [{ ...part, text }];
  });
}

/** The message as it reads with `changes` applied (what the cache shows while they are saved). */
export function withPartsChanged(message: Message, changes: readonly EditablePart[]): Message {
  let { text } = message;
  let content = message.content;
  for (const change of changes) {
    if (change.index === null || !content) {
      text = change.text;
      continue;
    }
    content = content.map((p, i) => (i === change.index ? { ...p, [change.type]: change.text } : p));
  }
  if (content && changes.some((c) => c.type === 'text' && c.index !== null)) {
    text = content
      .filter((p) => p.type === 'text')
      .map((p) => String(p.text ?? ''))
      .join('');
  }
  return { ...message, text, ...(content ? { content } : {}) };
}
