import { useVirtualizer, useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, type RefObject } from 'react';
import type { VisibleMessage } from './message-tree';
import { rowKeyOf } from '../chat-run';

/** A first guess at a message's height; every row is measured once it renders. */
const ESTIMATED_ROW_PX = 140;

const estimateSize = () => ESTIMATED_ROW_PX;

/** What measureElement reads of the virtualiser (either kind). */
interface SizedList {
  indexFromElement(el: Element): number;
  itemSizeCache: Map<string | number | bigint, number>;
  options: { getItemKey(index: number): string | number | bigint };
}

/**
 * A row's height from its ResizeObserver entry. When a row is attached (no entry yet) the size
 * known so far is kept instead of reading the DOM: reading it there would lay the page out in the
 * middle of React's commit, inside the task that rendered the row; the observer reports the real
 * height right after the browser's own layout, before that frame is painted.
 */
function measureElement(el: Element, entry: ResizeObserverEntry | undefined, list: SizedList) {
  const box = entry?.borderBoxSize[0];
  if (box) return Math.round(box.blockSize);
  const index = list.indexFromElement(el);
  return list.itemSizeCache.get(list.options.getItemKey(index)) ?? ESTIMATED_ROW_PX;
}

/**
 * Rows keyed by message (the key survives the temporary → server id swap), measured as they
 * render, a few kept beyond the viewport. The key function changes only with the path: a new one
 * makes the virtualiser recompute every row's offset.
 */
function useMessageRows(path: readonly VisibleMessage[]) {
  const getItemKey = useCallback(
    (i: number) => {
      const id = path[i]?.message.messageId;
      return id === undefined ? i : rowKeyOf(id);
    },
    [path],
  );
  return { count: path.length, estimateSize, overscan: 6, getItemKey, measureElement };
}

/** The virtualiser of a visible branch that scrolls inside an element (the chat view). */
export function useMessageVirtualizer(
  path: readonly VisibleMessage[],
  scrollRef: RefObject<HTMLElement | null>,
) {
  return useVirtualizer<HTMLElement, Element>({
    ...useMessageRows(path),
    getScrollElement: () => scrollRef.current,
  });
}

/**
 * The same virtualiser for a branch that scrolls with the page (the public share page), so the
 * keyboard, the browser's own scrolling and its address bar behave as on any page.
 * `scrollMargin` is where the list starts in the document.
 */
export function useWindowMessageVirtualizer(path: readonly VisibleMessage[], scrollMargin: number) {
  return useWindowVirtualizer<Element>({ ...useMessageRows(path), scrollMargin });
}
