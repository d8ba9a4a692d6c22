import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_SHOW_DELAY_MS, showToast, useToasts } from './toast-store';

describe('showToast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToasts.setState({ current: null, waiting: [] });
  });
  afterEach(() => vi.useRealTimers());

  it('shows a toast 100 ms after it is asked for, not before', () => {
    showToast('Saved');
    expect(useToasts.getState().current).toBeNull();
    vi.advanceTimersByTime(TOAST_SHOW_DELAY_MS - 1);
    expect(useToasts.getState().current).toBeNull();
    vi.advanceTimersByTime(1);
    expect(useToasts.getState().current?.messages).toEqual(['Saved']);
  });

  it('a dismissed toast is gone at once and the next one waiting takes its place', () => {
    showToast('first');
    showToast('second');
    vi.advanceTimersByTime(TOAST_SHOW_DELAY_MS);
    const first = useToasts.getState().current!;
    useToasts.getState().dismiss(first.id);
    expect(useToasts.getState().current?.messages).toEqual(['second']);
  });
});
