import { describe, expect, it } from 'vitest';
import { thoughtDuration } from './thinking-duration';

describe('thoughtDuration', () => {
  it('rounds to whole seconds, never below one', () => {
    expect(thoughtDuration(0)).toEqual({ minutes: 0, seconds: 1 });
    expect(thoughtDuration(420)).toEqual({ minutes: 0, seconds: 1 });
    expect(thoughtDuration(12_499)).toEqual({ minutes: 0, seconds: 12 });
    expect(thoughtDuration(12_500)).toEqual({ minutes: 0, seconds: 13 });
  });

  it('counts minutes past the first minute', () => {
    expect(thoughtDuration(59_400)).toEqual({ minutes: 0, seconds: 59 });
    expect(thoughtDuration(60_000)).toEqual({ minutes: 1, seconds: 0 });
    expect(thoughtDuration(125_000)).toEqual({ minutes: 2, seconds: 5 });
  });

  it('is unknown for anything that is not a duration', () => {
    for (const bad of [undefined, null, '12', -1, Number.NaN, Number.POSITIVE_INFINITY, {}])
      expect(thoughtDuration(bad)).toBeNull();
  });
});
