/** Health is checked again every ten minutes, and on focus when the last check is that old. */
export const HEALTH_INTERVAL_MS = 10 * 60 * 1000;
/** A person coming back after this long without touching the page gets a fresh health check. */
export const HEALTH_IDLE_MS = 5 * 60 * 1000;

/** What counts as the person using the page again. */
const INTERACTIONS = ['pointerdown', 'keydown'] as const;

/**
 * Runs `check` now and then keeps it current: every ten minutes, on window focus when the last
 * check is ten minutes old, and on the first click or key press after five minutes without any
 * (a laptop woken from sleep fires no timers, but its user's first action tells us they are back).
 * The first check is `first` (by default `check`): a page that mounts the watch twice passes one
 * that skips a check made moments ago. Answers a function that stops watching.
 */
export function watchHealth(
  check: () => void,
  target: Window = window,
  now = () => Date.now(),
  first: () => void = check,
): () => void {
  let lastCheck = now();
  let lastInteraction = lastCheck;
  first();
  const again = () => {
    lastCheck = now();
    check();
  };
  const timer = target.setInterval(again, HEALTH_INTERVAL_MS);
  const onFocus = () => {
    if (now() - lastCheck >= HEALTH_INTERVAL_MS) again();
  };
  const onInteraction = () => {
    const at = now();
    if (at - lastInteraction >= HEALTH_IDLE_MS) again();
    lastInteraction = at;
  };
  target.addEventListener('focus', onFocus);
  for (const type of INTERACTIONS)
    target.addEventListener(type, onInteraction, { capture: true, passive: true });
  return () => {
    target.clearInterval(timer);
    target.removeEventListener('focus', onFocus);
    for (const type of INTERACTIONS) target.removeEventListener(type, onInteraction, { capture: true });
  };
}
