/**
 * When a scrolled list should ask for its next page. Two rules exist because the spec gives two:
 * data tables (archived chats, shared links) are virtualised and load the next page while the
 * end is still up to 1.5 viewport heights away, so fast scrolling rarely meets an empty end;
 * plain lists (search results) load once 97 % of their height has been scrolled.
 */

/** Data tables: the next page loads within this many viewport heights of the end. */
export const DATA_TABLE_PREFETCH_VIEWPORTS = 1.5;
/** Plain lists: the next page loads once this share of the list has been scrolled past. */
export const INFINITE_SCROLL_THRESHOLD = 0.97;
/** Plain lists: scroll events are looked at no more often than this. */
export const INFINITE_SCROLL_THROTTLE_MS = 750;

export interface ScrollBox {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/** True when the end of the content is within `viewports` heights of the bottom of the view. */
export function endWithinViewports(box: ScrollBox, viewports = DATA_TABLE_PREFETCH_VIEWPORTS): boolean {
  const below = box.scrollHeight - box.scrollTop - box.clientHeight;
  return below <= box.clientHeight * viewports;
}

/** True when the bottom of the view has reached `threshold` of the content's height. */
export function scrolledPast(box: ScrollBox, threshold = INFINITE_SCROLL_THRESHOLD): boolean {
  if (box.scrollHeight <= box.clientHeight) return true;
  return (box.scrollTop + box.clientHeight) / box.scrollHeight >= threshold;
}

/**
 * A leading-and-trailing throttle: the first call runs at once, later calls within `ms` are
 * folded into one that runs when the window ends (so the last scroll position always counts).
 */
export function throttle(fn: () => void, ms: number): { run: () => void; cancel: () => void } {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    timer = undefined;
    last = Date.now();
    fn();
  };
  return {
    run: () => {
      const wait = last + ms - Date.now();
      if (wait <= 0) fire();
      else timer ??= setTimeout(fire, wait);
    },
    cancel: () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
