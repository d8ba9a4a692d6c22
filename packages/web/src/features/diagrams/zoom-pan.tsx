import { useCallback, useRef, useState, type PointerEvent, type ReactNode, type WheelEvent } from 'react';
import { steppedZoom } from './zoom-scale';

export interface ZoomPanLabels {
  zoomIn: string;
  zoomOut: string;
  reset: string;
}

/**
 * A view that zooms (buttons; the wheel with Ctrl or ⌘ held, so the page still scrolls) and pans
 * (drag) what it holds. Styled by diagram.css so it works in the app and in the preview frame.
 */
export function ZoomPan({
  children,
  labels,
  fill = false,
}: {
  children: ReactNode;
  labels: ZoomPanLabels;
  fill?: boolean;
}) {
  const [view, setView] = useState({ scale: 1, x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; id: number } | null>(null);

  const zoom = useCallback(
    (direction: 'in' | 'out') => setView((v) => ({ ...v, scale: steppedZoom(v.scale, direction) })),
    [],
  );

  const onWheel = (event: WheelEvent) => {
    if (!event.ctrlKey && !event.metaKey) return;
    event.preventDefault();
    zoom(event.deltaY < 0 ? 'in' : 'out');
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    drag.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    const start = drag.current;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    drag.current = { ...start, x: event.clientX, y: event.clientY };
    setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  return (
    <div className={fill ? 'zoom-pan zoom-pan-fill' : 'zoom-pan'} data-testid="zoom-pan">
      <div
        className="zoom-pan-viewport"
        onWheel={onWheel}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <div
          className="zoom-pan-content"
          data-testid="zoom-pan-content"
          data-scale={view.scale.toFixed(3)}
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
        >
          {children}
        </div>
      </div>
      <div className="zoom-pan-controls">
        <button type="button" onClick={() => zoom('in')} aria-label={labels.zoomIn}>
          +
        </button>
        <button type="button" onClick={() => zoom('out')} aria-label={labels.zoomOut}>
          −
        </button>
        <button type="button" onClick={() => setView({ scale: 1, x: 0, y: 0 })} aria-label={labels.reset}>
          ⟲
        </button>
      </div>
    </div>
  );
}
