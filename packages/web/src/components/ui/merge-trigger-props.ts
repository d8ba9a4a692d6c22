type Props = Record<string, unknown>;

/**
 * Merges the props a stand-in trigger adds (`own`) with the ones its element already has, the way
 * Radix's `asChild` does: both event handlers run (the element's first), class names join, and for
 * anything else the element's own value wins.
 */
export function mergeTriggerProps(own: Props, element: Props): Props {
  const merged: Props = { ...own, ...element };
  for (const [key, ownValue] of Object.entries(own)) {
    const elementValue = element[key];
    if (/^on[A-Z]/.test(key) && typeof ownValue === 'function' && typeof elementValue === 'function') {
      merged[key] = (...args: unknown[]) => {
        (elementValue as (...a: unknown[]) => void)(...args);
        (ownValue as (...a: unknown[]) => void)(...args);
      };
    } else if (key === 'className' && ownValue && elementValue) {
      merged[key] = `${String(ownValue)} ${String(elementValue)}`;
    }
  }
  return merged;
}
