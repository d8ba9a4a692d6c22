import { describe, expect, it } from 'vitest';
import { placeTooltip } from './icon-tooltip-target';

const VIEWPORT = { width: 390, height: 844 };
const TIP = { width: 80, height: 24 };

describe('placeTooltip', () => {
  it('centres the tooltip under its control', () => {
    const control = { top: 100, left: 155, width: 80, height: 36 };
    expect(placeTooltip(control, TIP, VIEWPORT)).toEqual({ top: 142, left: 155 });
  });

  it('goes above a control at the bottom of the screen', () => {
    const control = { top: 800, left: 155, width: 36, height: 36 };
    expect(placeTooltip(control, TIP, VIEWPORT).top).toBe(800 - 6 - 24);
  });

  it('stays inside the screen next to its left and right edges', () => {
    expect(placeTooltip({ top: 10, left: 0, width: 36, height: 36 }, TIP, VIEWPORT).left).toBe(4);
    expect(placeTooltip({ top: 10, left: 354, width: 36, height: 36 }, TIP, VIEWPORT).left).toBe(
      390 - 4 - 80,
    );
  });

  it('keeps a tooltip wider than the screen at its start edge', () => {
    expect(
      placeTooltip({ top: 10, left: 100, width: 36, height: 36 }, { width: 500, height: 24 }, VIEWPORT).left,
    ).toBe(4);
  });
});
