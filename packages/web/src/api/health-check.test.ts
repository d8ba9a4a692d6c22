import { describe, expect, it, vi } from 'vitest';
import { HEALTH_CHECK_INTERVAL_MS, createHealthChecker } from './health-check';

describe('createHealthChecker', () => {
  it('asks /health once however many parts of the page want it, then again after the interval', () => {
    let clock = 1_000;
    const fetchHealth = vi.fn(() => Promise.resolve(new Response('OK')));
    const checker = createHealthChecker(fetchHealth, () => clock);
    expect(checker.checkIfDue()).toBe(true);
    expect(checker.checkIfDue()).toBe(false);
    clock += HEALTH_CHECK_INTERVAL_MS - 1;
    expect(checker.checkIfDue()).toBe(false);
    expect(fetchHealth).toHaveBeenCalledTimes(1);
    clock += 1;
    expect(checker.checkIfDue()).toBe(true);
    expect(fetchHealth).toHaveBeenCalledTimes(2);
  });
});
