import { describe, expect, it } from 'vitest';
import { secondsLeft } from '../../lib/seconds-left';
import { mayAutoRetry, retryDeadline, spendAutoRetry } from './auto-retry';

describe('auto-retry of a rate-limited answer', () => {
  const now = Date.parse('2026-11-24T12:00:10Z');

  it('counts the wait from when the answer was created', () => {
    expect(retryDeadline('2026-11-24T12:00:09Z', 2, now)).toBe(Date.parse('2026-11-24T12:00:11Z'));
    // Reopened long after: the wait is over, nothing to count down.
    expect(secondsLeft(retryDeadline('2026-11-24T11:00:00Z', 2, now), now)).toBe(0);
  });

  it('counts from now when the time is missing, unreadable or ahead of this clock', () => {
    expect(retryDeadline(undefined, 3, now)).toBe(now + 3000);
    expect(retryDeadline('not a date', 3, now)).toBe(now + 3000);
    expect(retryDeadline('2026-11-24T13:00:00Z', 3, now)).toBe(now + 3000);
  });

  it('rounds the seconds left up and never below zero', () => {
    expect(secondsLeft(now + 1_001, now)).toBe(2);
    expect(secondsLeft(now + 1_000, now)).toBe(1);
    expect(secondsLeft(now - 5_000, now)).toBe(0);
  });

  it('retries a question once only', () => {
    expect(mayAutoRetry('q-1')).toBe(true);
    spendAutoRetry('q-1');
    expect(mayAutoRetry('q-1')).toBe(false);
    expect(mayAutoRetry('q-2')).toBe(true);
  });
});
