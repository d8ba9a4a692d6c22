import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parsePinned, PINNED_STORAGE_KEY, usePinnedBadges } from './pinned-badges';

const stored = () => JSON.parse(window.localStorage.getItem(PINNED_STORAGE_KEY) ?? 'null') as unknown;

describe('pinned badges', () => {
  beforeEach(() => {
    // The unit tests run without a DOM: a Map stands in for the browser's storage.
    const items = new Map<string, string>();
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (k: string) => items.get(k) ?? null,
        setItem: (k: string, v: string) => void items.set(k, v),
        removeItem: (k: string) => void items.delete(k),
      },
    });
    usePinnedBadges.setState({ pinned: [], draft: null });
  });

  afterEach(() => vi.unstubAllGlobals());

  it('pins in order, once each, and keeps the list on the device', () => {
    const s = usePinnedBadges.getState();
    s.pin('web_search');
    s.pin('execute_code');
    s.pin('web_search');
    expect(usePinnedBadges.getState().pinned).toEqual(['web_search', 'execute_code']);
    expect(stored()).toEqual(['web_search', 'execute_code']);
    usePinnedBadges.getState().unpin('web_search');
    expect(stored()).toEqual(['execute_code']);
  });

  it('editing changes only a draft until saved', () => {
    const s = usePinnedBadges.getState();
    s.pin('file_search');
    s.pin('web_search');
    s.pin('execute_code');
    s.startEditing();
    usePinnedBadges.getState().placeDraft('execute_code', 0);
    usePinnedBadges.getState().removeFromDraft('web_search');
    expect(usePinnedBadges.getState().draft).toEqual(['execute_code', 'file_search']);
    expect(usePinnedBadges.getState().pinned).toEqual(['file_search', 'web_search', 'execute_code']);
    usePinnedBadges.getState().saveEditing();
    expect(usePinnedBadges.getState()).toMatchObject({
      pinned: ['execute_code', 'file_search'],
      draft: null,
    });
    expect(stored()).toEqual(['execute_code', 'file_search']);
  });

  it('cancel drops the draft and keeps what was pinned', () => {
    const s = usePinnedBadges.getState();
    s.pin('file_search');
    s.pin('web_search');
    s.startEditing();
    usePinnedBadges.getState().stepDraft('file_search', 1);
    usePinnedBadges.getState().cancelEditing();
    expect(usePinnedBadges.getState()).toMatchObject({ pinned: ['file_search', 'web_search'], draft: null });
    expect(stored()).toEqual(['file_search', 'web_search']);
  });

  it('draft moves outside edit mode change nothing', () => {
    usePinnedBadges.getState().pin('file_search');
    usePinnedBadges.getState().placeDraft('file_search', 3);
    usePinnedBadges.getState().saveEditing();
    expect(usePinnedBadges.getState()).toMatchObject({ pinned: ['file_search'], draft: null });
  });

  it('a tampered stored list loads as far as it names known tools, each once', () => {
    expect(parsePinned(['web_search', 'rm -rf', 42, null, 'web_search', 'file_search'])).toEqual([
      'web_search',
      'file_search',
    ]);
    expect(parsePinned('web_search')).toEqual([]);
    expect(parsePinned({ 0: 'web_search' })).toEqual([]);
    expect(parsePinned(null)).toEqual([]);
  });
});
