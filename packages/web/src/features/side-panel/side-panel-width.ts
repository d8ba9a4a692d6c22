/**
 * The side panel's width rules. The panel is resizable; its width is kept in the browser so it
 * opens as wide as the person left it, within bounds that leave the chat readable.
 */
export const SIDE_PANEL_WIDTH = { min: 280, default: 340, max: 640 } as const;

/** How much a key press on the resize handle moves it. */
export const SIDE_PANEL_KEY_STEP_PX = 16;

/** A stored or dragged width brought inside the bounds (anything unreadable gives the default). */
export function clampPanelWidth(width: unknown): number {
  if (typeof width !== 'number' || !Number.isFinite(width)) return SIDE_PANEL_WIDTH.default;
  return Math.round(Math.min(SIDE_PANEL_WIDTH.max, Math.max(SIDE_PANEL_WIDTH.min, width)));
}

/**
 * The width while dragging: the handle sits on the panel's start edge, so moving the pointer
 * towards the chat widens the panel. In a right-to-left page the panel is on the left and the
 * direction flips.
 */
export function draggedWidth(startWidth: number, startX: number, x: number, rtl: boolean): number {
  const moved = rtl ? x - startX : startX - x;
  return clampPanelWidth(startWidth + moved);
}
