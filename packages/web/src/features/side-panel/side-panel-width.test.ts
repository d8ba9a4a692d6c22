import { describe, expect, it } from 'vitest';
import { SIDE_PANEL_WIDTH, clampPanelWidth, draggedWidth } from './side-panel-width';

describe('side panel width', () => {
  it('keeps a stored width inside the bounds and replaces anything unreadable by the default', () => {
    expect(clampPanelWidth(400)).toBe(400);
    expect(clampPanelWidth(10)).toBe(SIDE_PANEL_WIDTH.min);
    expect(clampPanelWidth(5000)).toBe(SIDE_PANEL_WIDTH.max);
    expect(clampPanelWidth('wide')).toBe(SIDE_PANEL_WIDTH.default);
    expect(clampPanelWidth(Number.NaN)).toBe(SIDE_PANEL_WIDTH.default);
    expect(clampPanelWidth(null)).toBe(SIDE_PANEL_WIDTH.default);
  });

  it('widens the panel when the handle moves towards the chat, in either page direction', () => {
    expect(draggedWidth(340, 900, 860, false)).toBe(380);
    expect(draggedWidth(340, 900, 940, false)).toBe(300);
    expect(draggedWidth(340, 300, 340, true)).toBe(380);
    expect(draggedWidth(340, 900, 0, false)).toBe(SIDE_PANEL_WIDTH.max);
  });
});
