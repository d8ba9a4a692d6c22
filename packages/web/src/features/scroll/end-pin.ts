/** The view counts as "at the end" when it is this close to the bottom. */
export const FOLLOW_THRESHOLD_PX = 50;

/**
 * Whether a scrolling view is held at its end, judged from its scroll positions alone (no DOM),
 * so the chat view (an element) and the share page (the window) share one rule:
 * - `pinned`: follow growth of the content while a stream is written. It starts on, so an answer
 *   is followed until the user scrolls up.
 * - `reachedEnd`: the view got to the end (a scroll that ended there, the End key, the scroll
 *   button). Rows of a virtualised list are measured only after they render — late on a loaded
 *   machine — and each measurement moves the end; a view that reached the end keeps following it
 *   until the user scrolls up, stream or no stream.
 * Only the user's own move upwards that leaves the end releases both, or the app moving the view
 * away on purpose (`movedAway`). The list moves the view too:
 * when rows above it are measured it shifts the offset up by the difference, before the page's
 * height has caught up, which looks like a move away from the end for a moment. So a move up counts
 * only while the user is scrolling (a wheel or key upwards, a finger, a pointer on the scrollbar),
 * as the hook reports through `userScrolls`.
 */
export class EndPin {
  private pinned: boolean;
  private reachedEnd = false;
  private lastTop: number;
  /** Until when (ms) a move up is the user's. */
  private userUntil = 0;

  constructor(opts: { pinned: boolean; top: number }) {
    this.pinned = opts.pinned;
    this.lastTop = opts.top;
  }

  /** The user is scrolling until `until` (ms since the epoch; Infinity while a finger or pointer is down). */
  userScrolls(until: number): void {
    this.userUntil = until;
  }

  /**
   * After every scroll event: `top` is the scroll offset, `distance` how far the end is below the
   * viewport, `now` the time in ms.
   */
  scrolled(top: number, distance: number, now: number): void {
    if (distance < FOLLOW_THRESHOLD_PX) {
      this.pinned = true;
      this.reachedEnd = true;
    } else if (top < this.lastTop && now <= this.userUntil) {
      this.pinned = false;
      this.reachedEnd = false;
    }
    this.lastTop = top;
  }

  /** The view was sent to the end on purpose (after a send, the scroll button, opening a conversation). */
  sentToEnd(): void {
    this.pinned = true;
    this.reachedEnd = true;
  }

  /**
   * The app moved the view away from the end on purpose (a search hit brought into view, a message
   * opened for editing): rows measured afterwards must not pull it back to the end.
   */
  movedAway(): void {
    this.pinned = false;
    this.reachedEnd = false;
  }

  /** When the content changed size: whether to move the view back to the end. */
  shouldFollow(streaming: boolean): boolean {
    return this.pinned && (streaming || this.reachedEnd);
  }
}
