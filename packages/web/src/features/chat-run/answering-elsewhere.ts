/**
 * What the tabs of one browser tell each other about the conversations they are answering, and
 * what this tab makes of it (plain data, no channel: `answering-tabs.ts` wires it to one).
 *
 * The server runs one generation per conversation at a time and refuses a second. A tab that shows
 * a conversation another tab is answering would otherwise send into that refusal; knowing, it can
 * keep the user's text and say why instead.
 */

/** The channel the tabs of one browser tell each other on which conversations they are answering. */
export const ANSWERING_CHANNEL = 'parley-answering';

/** A tab answers a handful of conversations at most; a longer list is not one of ours. */
const MAX_CONVERSATIONS = 50;
/** Conversation and tab ids are short (UUIDs); anything longer is not one of ours. */
const MAX_ID_LENGTH = 100;

export type Announcement =
  /** The full list of conversations `tab` is answering now (empty when it stopped, or closes). */
  | { type: 'answering'; tab: string; conversations: string[] }
  /** A tab that just opened asks the others to announce what they are answering. */
  | { type: 'ask' };

const isId = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_ID_LENGTH;

/** The announcement a channel message carries, or null for anything else (ignored). */
export function readAnnouncement(data: unknown): Announcement | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.type === 'ask') return { type: 'ask' };
  if (message.type !== 'answering' || !isId(message.tab)) return null;
  const list = message.conversations;
  if (!Array.isArray(list) || list.length > MAX_CONVERSATIONS || !list.every(isId)) return null;
  return { type: 'answering', tab: message.tab, conversations: [...new Set(list)] };
}

/** The conversations a tab announces: the ones it streams that the server has named. */
export function announcedKeys(liveKeys: Iterable<string>): string[] {
  return [...liveKeys].filter((key) => key !== 'new').sort();
}

/** Which conversations the other tabs of this browser are answering, by tab. */
export class OtherTabsAnswering {
  private readonly byTab = new Map<string, ReadonlySet<string>>();

  /** Takes a tab's announcement; returns whether the set of conversations answered elsewhere changed. */
  apply(announcement: Extract<Announcement, { type: 'answering' }>): boolean {
    const before = this.list().join('\n');
    if (announcement.conversations.length === 0) this.byTab.delete(announcement.tab);
    else this.byTab.set(announcement.tab, new Set(announcement.conversations));
    return this.list().join('\n') !== before;
  }

  has(conversationId: string): boolean {
    for (const conversations of this.byTab.values()) if (conversations.has(conversationId)) return true;
    return false;
  }

  /**
   * The server has shown that `conversationId` is not generating any more (this tab followed it to
   * its end, or found nothing to follow): whatever a tab said about it is out of date — a tab that
   * was closed without saying goodbye, for one.
   */
  forget(conversationId: string): boolean {
    let changed = false;
    for (const [tab, conversations] of this.byTab) {
      if (!conversations.has(conversationId)) continue;
      const rest = new Set(conversations);
      rest.delete(conversationId);
      if (rest.size === 0) this.byTab.delete(tab);
      else this.byTab.set(tab, rest);
      changed = true;
    }
    return changed;
  }

  /** Every conversation answered elsewhere, sorted. */
  list(): string[] {
    const all = new Set<string>();
    for (const conversations of this.byTab.values()) for (const id of conversations) all.add(id);
    return [...all].sort();
  }
}
