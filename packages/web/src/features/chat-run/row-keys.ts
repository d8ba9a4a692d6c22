/**
 * Row keys that outlive a message's id change: the user message's temporary id becomes the
 * server's at `created`, the streamed answer's at `final`. Keyed by id, its row would be rebuilt
 * (markdown mounted and laid out again) right when the answer starts and again when it ends.
 */
const aliases = new Map<string, string>();
/** Old aliases are dropped past this many (a row that old has long since been rebuilt anyway). */
const MAX_ALIASES = 500;

/** `nextId` now names the message `previousId` named: it keeps the same row key. */
export function keepRowKey(nextId: string, previousId: string): void {
  if (nextId === previousId) return;
  aliases.set(nextId, aliases.get(previousId) ?? previousId);
  if (aliases.size > MAX_ALIASES) aliases.delete(aliases.keys().next().value!);
}

/** The key of the row showing this message. */
export function rowKeyOf(messageId: string): string {
  return aliases.get(messageId) ?? messageId;
}
