/**
 * Reorders messages so that every parent comes before its children, keeping the given
 * (chronological) order otherwise. The client builds the message tree in one pass and treats a
 * message whose parent it has not seen yet as a root, so timestamps alone are not enough: a
 * request and its answer saved in one transaction share `created_at`, and the id tiebreak is
 * arbitrary. Messages caught in a parent cycle (corrupt data) are appended at the end rather
 * than dropped.
 */
export function parentFirstOrder<T extends { messageId: string; parentMessageId: string | null }>(
  messages: readonly T[],
): T[] {
  const ids = new Set(messages.map((m) => m.messageId));
  const emitted = new Set<string>();
  const waiting = new Map<string, T[]>();
  const out: T[] = [];

  const emit = (first: T) => {
    const stack = [first];
    while (stack.length > 0) {
      const message = stack.pop()!;
      if (emitted.has(message.messageId)) continue;
      emitted.add(message.messageId);
      out.push(message);
      const children = waiting.get(message.messageId);
      if (children) {
        waiting.delete(message.messageId);
        // Reversed so the earliest child is emitted first.
        for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i]!);
      }
    }
  };

  for (const message of messages) {
    const parent = message.parentMessageId;
    if (parent && ids.has(parent) && !emitted.has(parent) && parent !== message.messageId) {
      const list = waiting.get(parent) ?? [];
      list.push(message);
      waiting.set(parent, list);
    } else {
      emit(message);
    }
  }
  for (const message of messages) if (!emitted.has(message.messageId)) out.push(message);
  return out;
}
