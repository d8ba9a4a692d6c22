/**
 * Which element a hover or focus names in a tooltip, and where the tooltip goes. An icon-only
 * control (a button, or a link drawn as one) carries its name in `aria-label` (or `title`) and
 * shows no text, so sighted pointer and keyboard users see the same name a screen reader reads.
 */

const CONTROL =
  'button, [role="button"], [role="switch"], [role="tab"], a[aria-label], [aria-haspopup][aria-label]';

/** Opting out: a control whose name is already written beside it (`data-no-tooltip`). */
const OPT_OUT = '[data-no-tooltip]';

/** The icon-only control at or around `target`, or null when it shows its name in text. */
export function iconControlAt(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const control = target.closest<HTMLElement>(CONTROL);
  if (!control || control.closest(OPT_OUT)) return null;
  if (visibleText(control) !== '' || labelledOnScreen(control)) return null;
  return tooltipText(control) ? control : null;
}

/** The text a control shows on screen (hidden and screen-reader-only text does not count). */
export function visibleText(el: HTMLElement): string {
  return (el.innerText ?? el.textContent ?? '').trim();
}

/** A form control (a switch) named by a `<label>` written beside it needs no tooltip. */
function labelledOnScreen(el: HTMLElement): boolean {
  const labels = 'labels' in el ? (el as HTMLButtonElement).labels : null;
  return Array.from(labels ?? []).some((label) => visibleText(label) !== '');
}

/** The control's name as its tooltip reads it: aria-label, then aria-labelledby, then title. */
export function tooltipText(el: HTMLElement): string {
  const label = el.getAttribute('aria-label')?.trim();
  if (label) return label;
  const ids = el.getAttribute('aria-labelledby')?.split(/\s+/).filter(Boolean) ?? [];
  const byId = ids
    .map((id) => el.ownerDocument.getElementById(id)?.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  if (byId) return byId;
  return el.getAttribute('title')?.trim() ?? '';
}

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** Space kept between the control and its tooltip, and between the tooltip and the screen edge. */
const GAP = 6;
const EDGE = 4;

/**
 * Where the tooltip's top-left corner goes: centred under the control, above it when there is no
 * room below, and always inside the viewport.
 */
export function placeTooltip(
  control: Box,
  tip: { width: number; height: number },
  viewport: { width: number; height: number },
): { top: number; left: number } {
  const below = control.top + control.height + GAP;
  const top = below + tip.height + EDGE <= viewport.height ? below : control.top - GAP - tip.height;
  const centred = control.left + control.width / 2 - tip.width / 2;
  const left = Math.min(Math.max(EDGE, centred), Math.max(EDGE, viewport.width - EDGE - tip.width));
  return { top: Math.max(EDGE, top), left };
}
