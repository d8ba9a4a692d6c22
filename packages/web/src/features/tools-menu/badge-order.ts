/**
 * Ordering rules of the badge editing bar: where a dragged badge lands and how a list changes when
 * one item moves. Pure functions, so the drag handler stays a thin layer over them.
 */

/**
 * The index a dragged badge is inserted at, from the pointer's x position: it goes after every
 * other badge whose middle lies left of the pointer. `middles` are the other badges' centre x
 * coordinates in their current order (the dragged one left out).
 */
export function insertIndexAt(pointerX: number, middles: readonly number[]): number {
  let index = 0;
  for (const middle of middles) if (middle < pointerX) index += 1;
  return index;
}

/** The list with `item` taken out and put back at `index` among the others (clamped to the ends). */
export function moveTo<T>(list: readonly T[], item: T, index: number): T[] {
  if (!list.includes(item)) return [...list];
  const others = list.filter((x) => x !== item);
  const at = Math.max(0, Math.min(others.length, Math.trunc(Number.isFinite(index) ? index : 0)));
  return [...others.slice(0, at), item, ...others.slice(at)];
}

/** The list with `item` moved one place left (-1) or right (+1); the ends stay put. */
export function moveBy<T>(list: readonly T[], item: T, step: -1 | 1): T[] {
  const from = list.indexOf(item);
  if (from === -1) return [...list];
  return moveTo(list, item, from + step);
}
