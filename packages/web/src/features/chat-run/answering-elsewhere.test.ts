import { describe, expect, it } from 'vitest';
import { announcedKeys, OtherTabsAnswering, readAnnouncement } from './answering-elsewhere';

describe('announcements between tabs', () => {
  it("reads a tab's list and the request to announce", () => {
    expect(readAnnouncement({ type: 'ask' })).toEqual({ type: 'ask' });
    expect(readAnnouncement({ type: 'answering', tab: 't1', conversations: ['c1', 'c1', 'c2'] })).toEqual({
      type: 'answering',
      tab: 't1',
      conversations: ['c1', 'c2'],
    });
  });

  it('ignores anything else: wrong types, huge lists, long ids, no tab', () => {
    for (const bad of [
      null,
      'answering',
      42,
      { type: 'answering', tab: 't1' },
      { type: 'answering', tab: 't1', conversations: 'c1' },
      { type: 'answering', tab: 't1', conversations: [1] },
      { type: 'answering', tab: 't1', conversations: [''] },
      { type: 'answering', tab: 't1', conversations: ['x'.repeat(101)] },
      { type: 'answering', tab: 't1', conversations: Array.from({ length: 51 }, (_, i) => `c${i}`) },
      { type: 'answering', conversations: ['c1'] },
      { type: 'answering', tab: 'x'.repeat(101), conversations: ['c1'] },
      { type: 'lists-changed' },
    ]) {
      expect(readAnnouncement(bad)).toBeNull();
    }
  });

  it('announces only conversations the server has named', () => {
    expect(announcedKeys(['new', 'b', 'a'])).toEqual(['a', 'b']);
    expect(announcedKeys([])).toEqual([]);
  });
});

describe('what the other tabs are answering', () => {
  it("follows each tab's latest list and says when the whole set changed", () => {
    const others = new OtherTabsAnswering();
    expect(others.apply({ type: 'answering', tab: 't1', conversations: ['c1'] })).toBe(true);
    expect(others.apply({ type: 'answering', tab: 't2', conversations: ['c1'] })).toBe(false);
    expect(others.has('c1')).toBe(true);
    // One tab ended; the other still answers it.
    expect(others.apply({ type: 'answering', tab: 't1', conversations: [] })).toBe(false);
    expect(others.has('c1')).toBe(true);
    expect(others.apply({ type: 'answering', tab: 't2', conversations: ['c2'] })).toBe(true);
    expect(others.has('c1')).toBe(false);
    expect(others.list()).toEqual(['c2']);
    expect(others.apply({ type: 'answering', tab: 't2', conversations: [] })).toBe(true);
    expect(others.list()).toEqual([]);
  });

  it('forgets a conversation the server has finished, from every tab that named it', () => {
    const others = new OtherTabsAnswering();
    others.apply({ type: 'answering', tab: 't1', conversations: ['c1', 'c2'] });
    others.apply({ type: 'answering', tab: 'gone', conversations: ['c1'] });
    expect(others.forget('c1')).toBe(true);
    expect(others.has('c1')).toBe(false);
    expect(others.list()).toEqual(['c2']);
    expect(others.forget('c1')).toBe(false);
  });
});
