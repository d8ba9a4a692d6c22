import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SIDE_PANEL_KEY_STEP_PX, SIDE_PANEL_WIDTH, draggedWidth } from './side-panel-width';

/**
 * The side panel's start edge: drag it (pointer) or move it with the arrow keys to resize the
 * panel. The width is only stored when the drag ends, so a drag writes the browser storage once.
 */
export function ResizeHandle({
  width,
  onResize,
  onResizeEnd,
}: {
  width: number;
  onResize: (width: number) => void;
  onResizeEnd: (width: number) => void;
}) {
  const { t } = useTranslation();
  const drag = useRef<{ startX: number; startWidth: number; last: number } | null>(null);
  const rtl = () => document.documentElement.dir === 'rtl';

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { startX: e.clientX, startWidth: width, last: width };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    d.last = draggedWidth(d.startWidth, d.startX, e.clientX, rtl());
    onResize(d.last);
  };
  const onPointerUp = () => {
    if (drag.current) onResizeEnd(drag.current.last);
    drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Towards the chat widens the panel: left in a left-to-right page, right in a right-to-left one.
    const wider = rtl() ? 'ArrowRight' : 'ArrowLeft';
    const narrower = rtl() ? 'ArrowLeft' : 'ArrowRight';
    if (e.key === wider) onResizeEnd(width + SIDE_PANEL_KEY_STEP_PX);
    else if (e.key === narrower) onResizeEnd(width - SIDE_PANEL_KEY_STEP_PX);
    else return;
    e.preventDefault();
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={t('side_panel.resize')}
      aria-valuenow={width}
      aria-valuemin={SIDE_PANEL_WIDTH.min}
      aria-valuemax={SIDE_PANEL_WIDTH.max}
      tabIndex={0}
      data-testid="side-panel-resize"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      className="group relative z-10 -me-1 w-2 shrink-0 cursor-col-resize touch-none outline-none"
    >
      <span className="absolute inset-y-0 start-1/2 w-px bg-border transition-colors group-hover:w-0.5 group-hover:bg-accent group-focus-visible:w-0.5 group-focus-visible:bg-accent" />
    </div>
  );
}
