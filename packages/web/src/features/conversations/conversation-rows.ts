import type { Conversation } from '@parley/schema';
import { groupByDate, type DateGroupKey } from './date-groups';

export type ListRow =
  | { kind: 'header'; key: string; group: DateGroupKey }
  | { kind: 'conversation'; key: string; conversation: Conversation };

/** Flattens the date groups into virtual list rows: a header row, then its conversations. */
export function listRows(conversations: Conversation[], now: Date): ListRow[] {
  const rows: ListRow[] = [];
  const seen = new Set<string>();
  const unique = conversations.filter((c) => !seen.has(c.conversationId) && seen.add(c.conversationId));
  for (const group of groupByDate(unique, (c) => new Date(c.updatedAt), now)) {
    rows.push({ kind: 'header', key: `h:${group.key}`, group: group.key });
    for (const c of group.items) rows.push({ kind: 'conversation', key: c.conversationId, conversation: c });
  }
  return rows;
}

/** 002 §4: the next page loads when the view comes within 8 rows of the end. */
export const LOAD_MORE_ROWS = 8;
export const LOAD_MORE_DEBOUNCE_MS = 300;

export function nearEnd(lastVisibleIndex: number, rowCount: number): boolean {
  return rowCount > 0 && lastVisibleIndex >= rowCount - 1 - LOAD_MORE_ROWS;
}
