import { useCallback, useEffect, useRef, useState } from 'react';
import { copyText } from '../../lib/copy-text';

/** Copy indicators show their checkmark for 3 s. */
export const COPIED_MS = 3000;

export function useCopy(): [boolean, (text: string) => void] {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = useCallback((text: string) => {
    void copyText(text);
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
  }, []);
  return [copied, copy];
}
