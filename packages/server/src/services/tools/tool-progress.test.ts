import { describe, expect, it } from 'vitest';
import { PROGRESS_MESSAGE_CHARS, progressEvent } from './tool-progress.ts';

describe('progressEvent', () => {
  it('scales the share done between the call’s start (0.1) and below its end (1)', () => {
    expect(progressEvent('c', { progress: 0, total: 4 })).toEqual({
      type: 'tool-progress',
      id: 'c',
      progress: 0.1,
    });
    const half = progressEvent('c', { progress: 2, total: 4, message: 'halfway' });
    expect(half).toMatchObject({ progress: expect.closeTo(0.525, 5), message: 'halfway' });
    expect(progressEvent('c', { progress: 4, total: 4 })).toMatchObject({ progress: 0.95 });
  });

  it('keeps a server’s odd numbers inside the bar and reports only the message without a total', () => {
    expect(progressEvent('c', { progress: 9, total: 4 })).toMatchObject({ progress: 0.95 });
    expect(progressEvent('c', { progress: -3, total: 4 })).toMatchObject({ progress: 0.1 });
    expect(progressEvent('c', { progress: 3 })).toEqual({ type: 'tool-progress', id: 'c' });
    expect(progressEvent('c', { progress: 3, total: 0, message: 'working' })).toEqual({
      type: 'tool-progress',
      id: 'c',
      message: 'working',
    });
    expect(progressEvent('c', { progress: Number.NaN, total: 4 })).not.toHaveProperty('progress');
  });

  it('cuts a long message and ignores one that is not text', () => {
    const long = progressEvent('c', { progress: 1, message: 'x'.repeat(10_000) });
    expect((long as { message: string }).message).toHaveLength(PROGRESS_MESSAGE_CHARS);
    expect(progressEvent('c', { progress: 1, message: 42 as unknown as string })).not.toHaveProperty(
      'message',
    );
  });
});
