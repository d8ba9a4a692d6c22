import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useSearchStore } from './search-store';

describe('search store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    useSearchStore.getState().reset();
    vi.useRealTimers();
  });

  it('applies the query 500 ms after the last keystroke', () => {
    const s = useSearchStore.getState();
    s.type('hel');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    s.type('hello ');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    expect(useSearchStore.getState()).toMatchObject({ debouncedQuery: '', isTyping: true });
    vi.advanceTimersByTime(1);
    expect(useSearchStore.getState()).toMatchObject({ debouncedQuery: 'hello', isTyping: false });
  });

  it('reset cancels a pending query', () => {
    useSearchStore.getState().type('x');
    useSearchStore.getState().reset();
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(useSearchStore.getState()).toMatchObject({ query: '', debouncedQuery: '', isTyping: false });
  });
});
