import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { EndPin, FOLLOW_THRESHOLD_PX } from './end-pin';

export { FOLLOW_THRESHOLD_PX };

/** How long after a wheel turn, an upward key or a lifted finger the moves up still count as the user's (momentum). */
const USER_SCROLL_MS = 1_000;

/** Keys that scroll a page up, or move the focus to an element the browser scrolls into view. */
const UPWARD_KEYS = new Set(['ArrowUp', 'PageUp', 'Home', 'Tab']);

/**
 * Tells `pin` when the user scrolls by hand (not the list correcting its offset): a wheel turned
 * up, an upward key, a finger on the screen, a pointer held on the scrollbar. Returns the cleanup.
 */
function watchUserScrolling(events: EventTarget, pin: EndPin): () => void {
  const soon = () => pin.userScrolls(Date.now() + USER_SCROLL_MS);
  const held = () => pin.userScrolls(Number.POSITIVE_INFINITY);
  const listeners: [EventTarget, string, (e: Event) => void][] = [
    [events, 'wheel', (e) => (e as WheelEvent).deltaY < 0 && soon()],
    [
      events,
      'keydown',
      (e) => {
        const key = e as KeyboardEvent;
        if (UPWARD_KEYS.has(key.key) || (key.key === ' ' && key.shiftKey)) soon();
      },
    ],
    [events, 'touchstart', held],
    [events, 'pointerdown', held],
    // A finger or pointer may be lifted outside the view.
    [window, 'touchend', soon],
    [window, 'pointerup', soon],
  ];
  for (const [target, name, fn] of listeners) target.addEventListener(name, fn, { passive: true });
  return () => {
    for (const [target, name, fn] of listeners) target.removeEventListener(name, fn);
  };
}

/** What following needs of a scrolling view: an element that scrolls, or the page itself. */
interface Scroller {
  /** Where scroll events are heard. */
  events: EventTarget;
  top(): number;
  /** How far the end of the content is below the bottom of the viewport. */
  distance(): number;
  toEnd(behavior: ScrollBehavior): void;
}

function elementScroller(el: HTMLElement): Scroller {
  return {
    events: el,
    top: () => el.scrollTop,
    distance: () => el.scrollHeight - el.scrollTop - el.clientHeight,
    toEnd: (behavior) => el.scrollTo({ top: el.scrollHeight, behavior }),
  };
}

function pageScroller(): Scroller {
  const page = document.documentElement;
  return {
    events: window,
    top: () => window.scrollY,
    distance: () => page.scrollHeight - window.scrollY - window.innerHeight,
    toEnd: (behavior) => window.scrollTo({ top: page.scrollHeight, behavior }),
  };
}

/**
 * Holds `scroller` at its end while `contentRef` changes size, as `EndPin` decides; reports whether
 * the view is away from the end (for the scroll button). Growth is noticed through a
 * ResizeObserver on the content, so it also catches virtualised rows measured after they render.
 */
function useEndFollow(
  getScroller: () => Scroller | null,
  contentRef: RefObject<HTMLElement | null>,
  streaming: boolean,
  initiallyPinned: boolean,
) {
  const pin = useRef<EndPin | null>(null);
  const [away, setAway] = useState(false);
  const streamingRef = useRef(streaming);
  streamingRef.current = streaming;
  const getScrollerRef = useRef(getScroller);
  getScrollerRef.current = getScroller;

  const pinOf = (scroller: Scroller) =>
    (pin.current ??= new EndPin({ pinned: initiallyPinned, top: scroller.top() }));

  const scrollToBottom = useCallback((behavior: ScrollBehavior = 'auto') => {
    const scroller = getScrollerRef.current();
    if (!scroller) return;
    pinOf(scroller).sentToEnd();
    scroller.toEnd(behavior);
    // pinOf reads only refs and a constant of the first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const leaveEnd = useCallback(() => {
    const scroller = getScrollerRef.current();
    if (scroller) pinOf(scroller).movedAway();
    // pinOf reads only refs and a constant of the first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const scroller = getScrollerRef.current();
    const content = contentRef.current;
    if (!scroller || !content) return;
    const state = pinOf(scroller);
    const onScroll = () => {
      const distance = scroller.distance();
      state.scrolled(scroller.top(), distance, Date.now());
      setAway(distance > FOLLOW_THRESHOLD_PX);
    };
    const observer = new ResizeObserver(() => {
      if (state.shouldFollow(streamingRef.current)) scroller.toEnd('auto');
      setAway(scroller.distance() > FOLLOW_THRESHOLD_PX);
    });
    scroller.events.addEventListener('scroll', onScroll, { passive: true });
    const stopWatching = watchUserScrolling(scroller.events, state);
    observer.observe(content);
    return () => {
      scroller.events.removeEventListener('scroll', onScroll);
      stopWatching();
      observer.disconnect();
    };
    // pinOf reads only refs and a constant of the first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [contentRef]);

  return { away, scrollToBottom, leaveEnd };
}

/**
 * The chat view: its list scrolls inside `scrollRef`. While `streaming`, the answer is followed
 * unless the user scrolled up ≥ 50 px; once the view reached the end it stays there while rows are
 * measured, stream or not.
 */
export function useFollowScroll(
  scrollRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
  streaming: boolean,
) {
  const getScroller = useCallback(
    () => (scrollRef.current ? elementScroller(scrollRef.current) : null),
    [scrollRef],
  );
  return useEndFollow(getScroller, contentRef, streaming, true);
}

/**
 * A list that scrolls with the page (the public share page): once the reader reached the end of
 * the page (End, a scroll), it stays at the end while the rows there are measured.
 */
export function usePageEndFollow(contentRef: RefObject<HTMLElement | null>) {
  return useEndFollow(pageScroller, contentRef, false, false);
}
