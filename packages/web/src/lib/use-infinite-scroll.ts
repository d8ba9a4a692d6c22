import { useEffect, useRef, type RefObject } from 'react';
import { INFINITE_SCROLL_THROTTLE_MS, scrolledPast, throttle } from './scroll-paging';

interface Paging {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * Loads the next page of a plain (not virtualised) list once 97 % of it has been scrolled,
 * looking at scroll events at most every 750 ms. It also checks after each page arrives, so a
 * first page shorter than the view keeps loading until the view is full or the list ends.
 */
export function useInfiniteScroll(
  scrollRef: RefObject<HTMLElement | null>,
  paging: Paging,
  itemCount: number,
) {
  const latest = useRef(paging);
  latest.current = paging;

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const check = throttle(() => {
      const { hasNextPage, isFetchingNextPage, fetchNextPage } = latest.current;
      if (hasNextPage && !isFetchingNextPage && scrolledPast(el)) void fetchNextPage();
    }, INFINITE_SCROLL_THROTTLE_MS);
    el.addEventListener('scroll', check.run, { passive: true });
    check.run();
    return () => {
      el.removeEventListener('scroll', check.run);
      check.cancel();
    };
  }, [scrollRef, itemCount, paging.hasNextPage, paging.isFetchingNextPage]);
}
