import { useEffect, useRef } from 'react';

/** Description and command changes are saved 950 ms after the last keystroke. */
export const FIELD_SAVE_DEBOUNCE_MS = 950;

/** Calls `save(value)` once `value` has rested for 950 ms and differs from what is stored. */
export function useDebouncedSave(value: string, stored: string, save: (value: string) => void): void {
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    if (value === stored) return;
    const timer = window.setTimeout(() => saveRef.current(value), FIELD_SAVE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [value, stored]);
}
