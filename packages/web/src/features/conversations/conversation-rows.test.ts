import type { Conversation } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { listRows, nearEnd } from './conversation-rows';

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

describe('nearEnd', () => {
  it('is true within 8 rows of the end', () => {
    expect(nearEnd(11, 20)).toBe(true);
    expect(nearEnd(10, 20)).toBe(false);
    expect(nearEnd(0, 0)).toBe(false);
  });
});
