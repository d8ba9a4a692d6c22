/**
 * On the first load on a phone there is no stored value: the default (open) is toggled once, so
 * the sidebar starts closed there.
 */
export function initialNavVisible(
  stored: boolean | null,
  isMobile: boolean,
): { visible: boolean; persist: boolean } {
  if (stored !== null) return { visible: stored, persist: false };
  return isMobile ? { visible: false, persist: true } : { visible: true, persist: false };
}
