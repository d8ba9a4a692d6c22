import type { ContentPart, Message } from '@parley/schema';

const filled = (v: unknown) => typeof v === 'string' && v !== '';

/** A part the message body draws something for (text, reasoning, a tool call, an error). */
function visible(part: ContentPart): boolean {
  if (part.type === 'tool_call' || part.type === 'error') return true;
  return filled(part.text) || filled(part.think);
}

/**
 * An answer still being generated, or saved unfinished, shows the streaming placeholder
 * while it has nothing else to show. Not one its user stopped: nothing more is coming, and its
 * "Stopped" mark says so.
 */
export function showsPlaceholder(message: Message, streaming: boolean): boolean {
  if (message.isCreatedByUser || message.error) return false;
  if (!streaming && (!message.unfinished || message.stopped)) return false;
  const parts = message.content ?? [];
  return parts.length > 0 ? !parts.some(visible) : !filled(message.text);
}
