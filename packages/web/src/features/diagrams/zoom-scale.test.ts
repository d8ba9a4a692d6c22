import { describe, expect, it } from 'vitest';
import { steppedZoom, ZOOM_MAX, ZOOM_MIN } from './zoom-scale';

describe('steppedZoom', () => {
  it('moves by 0.1 a step without drifting', () => {
    expect(steppedZoom(1, 'in')).toBe(1.1);
    expect(steppedZoom(1, 'out')).toBe(0.9);
    let scale = 0.1;
    for (let i = 0; i < 5; i++) scale = steppedZoom(scale, 'in');
    expect(scale).toBe(0.6);
  });

  it('stays between 0.1 and 10', () => {
    expect(ZOOM_MIN).toBe(0.1);
    expect(ZOOM_MAX).toBe(10);
    expect(steppedZoom(0.1, 'out')).toBe(0.1);
    expect(steppedZoom(10, 'in')).toBe(10);
    expect(steppedZoom(9.95, 'in')).toBe(10);
  });
});
