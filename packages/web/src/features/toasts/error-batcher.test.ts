import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createErrorBatcher, ERROR_DEBOUNCE_MS } from './error-batcher';

describe('error toast batching', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('merges errors reported within the 250 ms window into one toast', () => {
    const flush = vi.fn();
    const batcher = createErrorBatcher(flush);
    batcher.add('first');
    vi.advanceTimersByTime(100);
    batcher.add('second');
    batcher.add('first');
    vi.advanceTimersByTime(ERROR_DEBOUNCE_MS - 1);
    expect(flush).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(flush).toHaveBeenCalledOnce();
    expect(flush).toHaveBeenCalledWith(['first', 'second']);
  });

  it('shows errors far apart as separate toasts', () => {
    const flush = vi.fn();
    const batcher = createErrorBatcher(flush);
    batcher.add('a');
    vi.advanceTimersByTime(ERROR_DEBOUNCE_MS);
    batcher.add('b');
    vi.advanceTimersByTime(ERROR_DEBOUNCE_MS);
    expect(flush.mock.calls).toEqual([[['a']], [['b']]]);
  });
});
