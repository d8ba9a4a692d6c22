import { describe, expect, it } from 'vitest';
import { endNoticeOf } from './end-notice';

const answer = { isCreatedByUser: false, error: false };

describe('endNoticeOf', () => {
  it('marks an answer its user stopped as stopped, though it is saved not unfinished', () => {
    expect(endNoticeOf({ ...answer, unfinished: false, stopped: true }, false)).toBe('stopped');
  });
  it('keeps the incomplete notice for an answer cut short otherwise', () => {
    expect(endNoticeOf({ ...answer, unfinished: true }, false)).toBe('unfinished');
  });
  it('says nothing under a finished answer, a failed one, or while a run is busy', () => {
    expect(endNoticeOf({ ...answer, unfinished: false }, false)).toBeNull();
    expect(endNoticeOf({ ...answer, error: true, unfinished: true }, false)).toBeNull();
    expect(endNoticeOf({ ...answer, unfinished: false, stopped: true }, true)).toBeNull();
  });
});
