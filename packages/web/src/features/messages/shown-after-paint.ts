/** The browser calls this pair; tests hand in their own. */
export interface FrameClock {
  requestFrame(callback: () => void): number;
  cancelFrame(handle: number): void;
  setTimer(callback: () => void, ms: number): number;
  clearTimer(handle: number): void;
}

const browserClock: FrameClock = {
  requestFrame: (callback) => window.requestAnimationFrame(callback),
  cancelFrame: (handle) => window.cancelAnimationFrame(handle),
  setTimer: (callback, ms) => window.setTimeout(callback, ms),
  clearTimer: (handle) => window.clearTimeout(handle),
};

/**
 * Calls `show` once `ms` have passed since the content's first frame, and returns a cancel.
 *
 * The wait counts from the next animation frame, not from the effect that calls this: React may
 * run the effect early in the long task that renders a whole conversation, and the user only sees
 * the row when that task ends and the frame paints. Counting from the frame keeps the rule "the
 * notice shows no sooner than 250 ms after its message is on screen" true on a busy machine too.
 */
export function showAfterFirstFrame(
  ms: number,
  show: () => void,
  clock: FrameClock = browserClock,
): () => void {
  let timer: number | undefined;
  const frame = clock.requestFrame(() => {
    timer = clock.setTimer(show, ms);
  });
  return () => {
    clock.cancelFrame(frame);
    if (timer !== undefined) clock.clearTimer(timer);
  };
}
