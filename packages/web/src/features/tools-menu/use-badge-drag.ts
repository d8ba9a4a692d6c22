import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { insertIndexAt } from './badge-order';
import type { ChatTool } from './tool-selection';

/**
 * Dragging badges in the editing bar with the pointer (mouse, pen or touch): while a badge is held
 * it is placed at the insert index given by the pointer's position among the other badges; the
 * arrow keys move a focused badge one place, so the order can be changed without a pointer too.
 */
export function useBadgeDrag(
  order: readonly ChatTool[],
  place: (tool: ChatTool, index: number) => void,
  step: (tool: ChatTool, by: -1 | 1) => void,
) {
  const elements = useRef(new Map<ChatTool, HTMLElement>());
  const [held, setHeld] = useState<ChatTool | null>(null);

  /** Reading direction flips both the pointer's axis and the arrow keys. */
  const isRtl = (el: HTMLElement) => getComputedStyle(el).direction === 'rtl';

  return {
    held,
    handlers: (tool: ChatTool) => ({
      ref: (el: HTMLElement | null) => {
        if (el) elements.current.set(tool, el);
        else elements.current.delete(tool);
      },
      onPointerDown: (e: PointerEvent<HTMLElement>) => {
        if (e.button !== 0) return;
        e.currentTarget.setPointerCapture(e.pointerId);
        setHeld(tool);
      },
      onPointerMove: (e: PointerEvent<HTMLElement>) => {
        if (held !== tool) return;
        const sign = isRtl(e.currentTarget) ? -1 : 1;
        const middles = order
          .filter((other) => other !== tool)
          .flatMap((other) => {
            const rect = elements.current.get(other)?.getBoundingClientRect();
            return rect ? [sign * (rect.left + rect.width / 2)] : [];
          });
        const index = insertIndexAt(sign * e.clientX, middles);
        // A badge's index in the order is the number of others before it: place only on a change.
        if (order.indexOf(tool) !== index) place(tool, index);
      },
      onPointerUp: () => setHeld(null),
      onPointerCancel: () => setHeld(null),
      onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
        if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
        e.preventDefault();
        const forward = (e.key === 'ArrowRight') !== isRtl(e.currentTarget);
        step(tool, forward ? 1 : -1);
      },
    }),
  };
}
