import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { iconControlAt, placeTooltip, tooltipText } from './icon-tooltip-target';

/** A pointer resting this long on an icon shows its name; keyboard focus shows it at once. */
const HOVER_DELAY_MS = 400;
/** A focus this soon after a press came from the pointer, not the keyboard: no tooltip for it. */
const PRESS_FOCUS_MS = 150;
/**
 * For this long after a touch, hovers are not believed: a browser may follow a tap with
 * compatibility mouse events over the tapped icon, and the tooltip they opened stayed on screen
 * over the menu the same tap had opened.
 */
const AFTER_TOUCH_MS = 1000;

interface Tip {
  text: string;
  control: HTMLElement;
}

/**
 * The app's tooltip: one layer, mounted once at the root, that names every icon-only control on
 * hover and on keyboard focus. It reads the name the control already gives assistive technology
 * (`aria-label`), so the tooltip and the accessible name cannot drift apart, and a new icon button
 * anywhere in the app gets its tooltip without wiring. Touch presses never open it (a phone has no
 * hover, and the tap already acts), nor does what follows a touch.
 */
export function IconTooltips({ firstEvent }: { firstEvent?: Event } = {}) {
  const [tip, setTip] = useState<Tip | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pressedAt = 0;
    let touchedAt = -Infinity;
    // True from a touch until the next key: focus moved by a tap is not keyboard focus.
    let touchSinceKey = false;
    const clear = () => {
      clearTimeout(timer);
      setTip(null);
    };
    const showFor = (control: HTMLElement, delay: number) => {
      clearTimeout(timer);
      const show = () => setTip({ text: tooltipText(control), control });
      if (delay === 0) show();
      else timer = setTimeout(show, delay);
    };
    const onOver = (e: PointerEvent) => {
      if (e.pointerType === 'touch' || performance.now() - touchedAt < AFTER_TOUCH_MS) return;
      const control = iconControlAt(e.target);
      if (control) showFor(control, HOVER_DELAY_MS);
    };
    const onOut = (e: PointerEvent) => {
      const from = iconControlAt(e.target);
      if (from && !(e.relatedTarget instanceof Node && from.contains(e.relatedTarget))) clear();
    };
    const onFocus = (e: FocusEvent) => {
      if (touchSinceKey || performance.now() - pressedAt < PRESS_FOCUS_MS) return;
      const control = iconControlAt(e.target);
      // Only focus the browser shows as keyboard focus: a dialog opened with the mouse focuses its
      // first button, and naming it then would be noise.
      if (control?.matches(':focus-visible')) showFor(control, 0);
    };
    const onDown = (e: PointerEvent) => {
      pressedAt = performance.now();
      if (e.pointerType === 'touch') {
        touchedAt = pressedAt;
        touchSinceKey = true;
      }
      clear();
    };
    const onKey = (e: KeyboardEvent) => {
      touchSinceKey = false;
      if (e.key === 'Escape') clear();
    };
    // Pointer presses and Escape are seen first (capture), before a menu or dialog acts on them.
    const listeners: [EventTarget, string, EventListener, boolean][] = [
      [document, 'pointerover', onOver as EventListener, false],
      [document, 'pointerout', onOut as EventListener, false],
      [document, 'focusin', onFocus as EventListener, false],
      [document, 'focusout', clear, false],
      [document, 'pointerdown', onDown as EventListener, true],
      [document, 'keydown', onKey as EventListener, true],
      [window, 'scroll', clear, true],
    ];
    for (const [target, type, fn, capture] of listeners) target.addEventListener(type, fn, capture);
    // The hover or focus that made the page load this layer happened before it listened.
    if (firstEvent?.type === 'pointerover') onOver(firstEvent as PointerEvent);
    // A layer that mounts late (its code failed once and came back with the network) may have
    // missed the pointer arriving on an icon: the one under a mouse pointer now gets its name too.
    else if (window.matchMedia('(hover: hover)').matches) {
      const hovered = iconControlAt(Array.from(document.querySelectorAll(':hover')).pop() ?? null);
      if (hovered) showFor(hovered, HOVER_DELAY_MS);
    }
    if (firstEvent?.type === 'keydown') {
      const focused = iconControlAt(document.activeElement);
      if (focused?.matches(':focus-visible')) showFor(focused, 0);
    }
    return () => {
      clearTimeout(timer);
      for (const [target, type, fn, capture] of listeners) target.removeEventListener(type, fn, capture);
    };
  }, [firstEvent]);
  if (!tip) return null;
  return createPortal(<TooltipBubble key={tip.text} tip={tip} />, document.body);
}

function TooltipBubble({ tip }: { tip: Tip }) {
  const ref = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  // Measured before paint, so the bubble never shows at a wrong place first.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !tip.control.isConnected) return;
    const { width, height } = el.getBoundingClientRect();
    setPlace(
      placeTooltip(
        tip.control.getBoundingClientRect(),
        { width, height },
        { width: window.innerWidth, height: window.innerHeight },
      ),
    );
  }, [tip]);
  return (
    <div
      ref={ref}
      role="tooltip"
      data-testid="icon-tooltip"
      style={place ? { top: place.top, left: place.left } : { top: 0, left: 0, visibility: 'hidden' }}
      className="pointer-events-none fixed z-[100] max-w-64 rounded-md bg-fg px-2 py-1 text-xs font-medium text-surface shadow-md"
    >
      {tip.text}
    </div>
  );
}
