import type { Conversation } from '@parley/schema';
import { startOfDay } from 'date-fns';
import { dateGroupOf, groupByKey, type DateGroupKey } from './date-groups';

export type ListRow =
  | { kind: 'header'; key: string; group: DateGroupKey }
  | { kind: 'conversation'; key: string; conversation: Conversation };

type GroupOf = (conversation: Conversation) => DateGroupKey;

function buildRows(conversations: Conversation[], groupOf: GroupOf): ListRow[] {
  const rows: ListRow[] = [];
  const seen = new Set<string>();
  const unique = conversations.filter((c) => !seen.has(c.conversationId) && seen.add(c.conversationId));
  for (const group of groupByKey(unique, groupOf)) {
    rows.push({ kind: 'header', key: `h:${group.key}`, group: group.key });
    for (const c of group.items) rows.push({ kind: 'conversation', key: c.conversationId, conversation: c });
  }
  return rows;
}

/** Flattens the date groups into virtual list rows: a header row, then its conversations. */
export function listRows(conversations: Conversation[], now: Date): ListRow[] {
  return buildRows(conversations, (c) => dateGroupOf(new Date(c.updatedAt), now));
}

/**
 * `listRows` for a list that grows page by page: each conversation's date group is remembered
 * (per conversation object, for the current day), so regrouping after a page loads costs a
 * look-up per conversation instead of parsing and comparing dates for all of them again.
 */
export function createListRows(): (conversations: Conversation[], now: Date) => ListRow[] {
  let day = Number.NaN;
  let groups = new WeakMap<Conversation, DateGroupKey>();
  return (conversations, now) => {
    const today = startOfDay(now).getTime();
    // Groups are relative to today: after midnight every conversation is placed again.
    if (today !== day) {
      day = today;
      groups = new WeakMap();
    }
    const groupOf: GroupOf = (c) => {
      let group = groups.get(c);
      if (group === undefined) {
        group = dateGroupOf(new Date(c.updatedAt), now);
        groups.set(c, group);
      }
      return group;
    };
    return buildRows(conversations, groupOf);
  };
}

/** The next page loads when the view comes within 8 rows of the end. */
export const LOAD_MORE_ROWS = 8;
export const LOAD_MORE_DEBOUNCE_MS = 300;

export function nearEnd(lastVisibleIndex: number, rowCount: number): boolean {
  return rowCount > 0 && lastVisibleIndex >= rowCount - 1 - LOAD_MORE_ROWS;
}
