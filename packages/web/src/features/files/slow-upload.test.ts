import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { slowUploadDelayMs, watchSlowUpload } from './slow-upload';

describe('slow uploads', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts an upload slow after 5 s plus 2 s per megabyte', () => {
    expect(slowUploadDelayMs(0)).toBe(5000);
    expect(slowUploadDelayMs(1024 * 1024)).toBe(7000);
    expect(slowUploadDelayMs(10 * 1024 * 1024)).toBe(25_000);
    expect(slowUploadDelayMs(512 * 1024)).toBe(6000);
  });

  it('warns once when the upload is still running at that point', () => {
    const warn = vi.fn();
    watchSlowUpload(2 * 1024 * 1024, warn);
    vi.advanceTimersByTime(8999);
    expect(warn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(warn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('never warns for an upload that ended in time', () => {
    const warn = vi.fn();
    const done = watchSlowUpload(0, warn);
    vi.advanceTimersByTime(4000);
    done();
    vi.advanceTimersByTime(60_000);
    expect(warn).not.toHaveBeenCalled();
  });
});
