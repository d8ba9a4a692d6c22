/** Whole seconds left until `deadline` (ms since the epoch), rounded up and never below zero. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}
