/**
 * Row keys that outlive a message's id change: the user message's temporary id becomes the
 * server's at `created`, the streamed answer's at `final`. Keyed by id, its row would be rebuilt
 * (markdown mounted and laid out again, an editor opened on it closed) right when the answer
 * starts and again when it ends.
 */
const aliases = new Map<string, string>();
/**
 * Ids already used as their own row's key. The saved messages can reach the list before the
 * stream's `final` names the answer (a refetch of the conversation that lands first): the answer
 * then has its row under the server's id, and a later alias would rebuild that row.
 */
const ownKeys = new Set<string>();
/** Old entries are dropped past this many (a row that old has long since been rebuilt anyway). */
const MAX_ENTRIES = 500;

function bounded<T>(collection: Map<T, unknown> | Set<T>): void {
  if (collection.size > MAX_ENTRIES) collection.delete(collection.keys().next().value!);
}

/**
 * `nextId` now names the message `previousId` named: it keeps the same row key. An id that has a
 * row key already keeps that one: a message's row is never rebuilt under a new key.
 */
export function keepRowKey(nextId: string, previousId: string): void {
  if (nextId === previousId || ownKeys.has(nextId) || aliases.has(nextId)) return;
  aliases.set(nextId, aliases.get(previousId) ?? previousId);
  bounded(aliases);
}

/** The key of the row showing this message. */
export function rowKeyOf(messageId: string): string {
  const alias = aliases.get(messageId);
  if (alias !== undefined) return alias;
  if (!ownKeys.has(messageId)) {
    ownKeys.add(messageId);
    bounded(ownKeys);
  }
  return messageId;
}
