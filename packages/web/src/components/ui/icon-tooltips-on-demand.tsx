import { Suspense, useEffect, useState } from 'react';
import { lazyArea } from './lazy-area';

// A layer that cannot load (offline on the first key press) only means no tooltips until the
// connection is back, when it loads by itself: never the whole page's error.
const tooltips = lazyArea<{ firstEvent: Event }>(
  () => import('./icon-tooltips').then((m) => ({ default: m.IconTooltips })),
  () => null,
);
const IconTooltips = tooltips.Area;

/** Starts loading the tooltip layer before anyone points at the page (the idle prefetch). */
export const preloadIconTooltips = tooltips.preload;

/**
 * The first of these loads the layer: a pointer moving over the page, or a key (keyboard focus
 * follows a key). Not focus itself: pages focus their first field on load, which would load the
 * layer with every page.
 */
const WAKE_EVENTS = ['pointerover', 'keydown'] as const;

/**
 * Mounts the tooltip layer on the first hover or focus instead of with the page, so the first
 * page does not download code nobody has needed yet. The event that woke it is handed to the
 * layer, which treats it as if it had been listening already (the icon under the pointer or
 * focused by that key still gets its name).
 */
export function IconTooltipsOnDemand() {
  const [firstEvent, setFirstEvent] = useState<Event | null>(null);
  useEffect(() => {
    if (firstEvent) return;
    const wake = (e: Event) => {
      // A finger touching the screen needs no tooltips: the layer waits for a mouse or a key.
      if (e instanceof PointerEvent && e.pointerType === 'touch') return;
      setFirstEvent(e);
      for (const type of WAKE_EVENTS) document.removeEventListener(type, wake);
    };
    for (const type of WAKE_EVENTS) document.addEventListener(type, wake);
    return () => {
      for (const type of WAKE_EVENTS) document.removeEventListener(type, wake);
    };
  }, [firstEvent]);
  if (!firstEvent) return null;
  return (
    <Suspense fallback={null}>
      <IconTooltips firstEvent={firstEvent} />
    </Suspense>
  );
}
