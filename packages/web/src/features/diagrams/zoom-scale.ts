/** The smallest and largest zoom a diagram takes, and how much one click or wheel notch changes it. */
export const ZOOM_MIN = 0.1;
export const ZOOM_MAX = 10;
export const ZOOM_STEP = 0.1;

/**
 * The zoom after one step in or out: an even 0.1 each time (rounded, so repeated steps never drift
 * into 0.30000000000000004), kept between 0.1 and 10.
 */
export function steppedZoom(scale: number, direction: 'in' | 'out'): number {
  const next = scale + (direction === 'in' ? ZOOM_STEP : -ZOOM_STEP);
  const rounded = Math.round(next * 10) / 10;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, rounded));
}
