import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** The list follows the stream unless the user scrolled up this far from the bottom. */
export const FOLLOW_THRESHOLD_PX = 50;

function distanceFromBottom(el: HTMLElement): number {
  return el.scrollHeight - el.scrollTop - el.clientHeight;
}

/**
 * Keeps a scroll container pinned to the bottom while `following` is on and the user has not
 * scrolled up ≥ 50 px; reports whether the view is away from the bottom (for the scroll button).
 * Growth is noticed through a ResizeObserver on the content, so it also works for virtualised
 * rows that are measured after they render.
 */
export function useFollowScroll(
  scrollRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
  following: boolean,
) {
  const pinned = useRef(true);
  const [away, setAway] = useState(false);
  const followingRef = useRef(following);
  followingRef.current = following;

  const scrollToBottom = useCallback(
    (behavior: ScrollBehavior = 'auto') => {
      const el = scrollRef.current;
      if (!el) return;
      pinned.current = true;
      el.scrollTo({ top: el.scrollHeight, behavior });
    },
    [scrollRef],
  );

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    let last = el.scrollTop;
    const onScroll = () => {
      const distance = distanceFromBottom(el);
      // Only a move upwards by the user unpins; growth of the content does not.
      if (el.scrollTop < last && distance >= FOLLOW_THRESHOLD_PX) pinned.current = false;
      else if (distance < FOLLOW_THRESHOLD_PX) pinned.current = true;
      last = el.scrollTop;
      setAway(distance > FOLLOW_THRESHOLD_PX);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [scrollRef]);

  useEffect(() => {
    const el = scrollRef.current;
    const content = contentRef.current;
    if (!el || !content) return;
    const observer = new ResizeObserver(() => {
      if (followingRef.current && pinned.current) el.scrollTop = el.scrollHeight;
      setAway(distanceFromBottom(el) > FOLLOW_THRESHOLD_PX);
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, [scrollRef, contentRef]);

  return { away, scrollToBottom, pinned };
}
