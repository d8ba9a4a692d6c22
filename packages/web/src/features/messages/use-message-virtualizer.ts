import { useVirtualizer, useWindowVirtualizer } from '@tanstack/react-virtual';
import type { RefObject } from 'react';
import type { VisibleMessage } from './message-tree';

/** A first guess at a message's height; every row is measured once it renders. */
const ESTIMATED_ROW_PX = 140;

/** Rows keyed by message id, measured as they render, a few kept beyond the viewport. */
function messageRows(path: readonly VisibleMessage[]) {
  return {
    count: path.length,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 6,
    getItemKey: (i: number) => path[i]?.message.messageId ?? i,
  };
}

/** The virtualiser of a visible branch that scrolls inside an element (the chat view). */
export function useMessageVirtualizer(
  path: readonly VisibleMessage[],
  scrollRef: RefObject<HTMLElement | null>,
) {
  return useVirtualizer<HTMLElement, Element>({
    ...messageRows(path),
    getScrollElement: () => scrollRef.current,
  });
}

/**
 * The same virtualiser for a branch that scrolls with the page (the public share page), so the
 * keyboard, the browser's own scrolling and its address bar behave as on any page.
 * `scrollMargin` is where the list starts in the document.
 */
export function useWindowMessageVirtualizer(path: readonly VisibleMessage[], scrollMargin: number) {
  return useWindowVirtualizer<Element>({ ...messageRows(path), scrollMargin });
}
