import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { VisibleMessage } from '../messages';
import { useWindowMessageVirtualizer } from '../messages';
import { usePageEndFollow } from '../scroll';
import { SharedMessage } from './shared-message';

/**
 * The shared branch, virtualised like the chat view's list (only the rows near the viewport are
 * mounted); the page itself scrolls, and a reader who reached its end stays there while rows settle.
 */
export function SharedMessageList({
  path,
  onSibling,
}: {
  path: readonly VisibleMessage[];
  onSibling: (parentKey: string, index: number, count: number) => void;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const scrollMargin = useDocumentOffset(listRef);
  const virtualizer = useWindowMessageVirtualizer(path, scrollMargin);
  // The End key lands on an end computed from estimated heights; the rows there are measured after
  // they render (late on a loaded machine) and move it: stay with it.
  usePageEndFollow(listRef);
  const items = virtualizer.getVirtualItems();
  return (
    <div ref={listRef} className="relative" style={{ height: virtualizer.getTotalSize() }}>
      <div
        className="absolute inset-x-0 top-0"
        style={{ transform: `translateY(${(items[0]?.start ?? scrollMargin) - scrollMargin}px)` }}
      >
        {items.map((row) => (
          <div key={row.key} data-index={row.index} ref={virtualizer.measureElement}>
            <SharedMessage item={path[row.index]!} onSibling={onSibling} />
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * Where `el` starts in the document (the height of what sits above it), kept up to date when
 * the page reflows — a title wraps differently at another width.
 */
function useDocumentOffset(el: RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const target = el.current;
    if (!target) return;
    const measure = () => setOffset(Math.round(target.getBoundingClientRect().top + window.scrollY));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.documentElement);
    return () => observer.disconnect();
  }, [el]);
  return offset;
}
