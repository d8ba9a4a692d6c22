import type { Conversation } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { createListRows, listRows, nearEnd } from './conversation-rows';

const convo = (conversationId: string, updatedAt: Date): Conversation => ({
  conversationId,
  user: 'u',
  title: conversationId,
  endpoint: null,
  model: null,
  isArchived: false,
  expiredAt: null,
  tags: [],
  createdAt: updatedAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
});

describe('listRows', () => {
  const now = new Date(2026, 5, 15, 12);
  it('puts a header before each group and skips duplicates across pages', () => {
    const rows = listRows(
      [
        convo('a', new Date(2026, 5, 15, 9)),
        convo('b', new Date(2026, 5, 14)),
        convo('a', new Date(2026, 5, 15, 9)),
      ],
      now,
    );
    expect(rows.map((r) => r.key)).toEqual(['h:com_ui_date_today', 'a', 'h:com_ui_date_yesterday', 'b']);
  });
});

describe('createListRows', () => {
  const now = new Date(2026, 5, 15, 12);
  const a = convo('a', new Date(2026, 5, 15, 9));
  const b = convo('b', new Date(2026, 5, 14));
  const c = convo('c', new Date(2026, 5, 15, 8));

  it('gives the same rows as listRows as pages are added, duplicates and interleaving included', () => {
    const toRows = createListRows();
    for (const list of [[a], [a, b], [a, b, c], [a, b, c, a]]) {
      expect(toRows(list, now)).toEqual(listRows(list, now));
    }
  });

  it('places a conversation again once the day has changed', () => {
    const toRows = createListRows();
    expect(toRows([a], now)[0]!.key).toBe('h:com_ui_date_today');
    expect(toRows([a], new Date(2026, 5, 16, 0, 5))[0]!.key).toBe('h:com_ui_date_yesterday');
  });

  it('places a changed conversation by its new date', () => {
    const toRows = createListRows();
    expect(toRows([b], now)[0]!.key).toBe('h:com_ui_date_yesterday');
    const moved = { ...b, updatedAt: new Date(2026, 5, 15, 11).toISOString() };
    expect(toRows([moved], now)[0]!.key).toBe('h:com_ui_date_today');
  });
});

describe('nearEnd', () => {
  it('is true within 8 rows of the end', () => {
    expect(nearEnd(11, 20)).toBe(true);
    expect(nearEnd(10, 20)).toBe(false);
    expect(nearEnd(0, 0)).toBe(false);
  });
});
