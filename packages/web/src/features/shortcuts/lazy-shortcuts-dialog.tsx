import { Suspense, useLayoutEffect, useRef, useState } from 'react';
import { lazyArea } from '../../components/ui/lazy-area';

// The dialog's code (and Radix Dialog's, which the first screens do not otherwise need) loads
// when it is first opened.
// A dialog that cannot load shows nothing (the key does nothing) and loads on reconnect.
const ShortcutsDialog = lazyArea<{ open: boolean; onOpenChange: (open: boolean) => void }>(
  () => import('./shortcuts-dialog').then((m) => ({ default: m.ShortcutsDialog })),
  () => null,
).Area;

/**
 * The shortcuts dialog, mounted from its first opening on; closing it gives the focus back to where
 * it was (the message box, a sidebar row).
 */
export function LazyShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  // The dialog opens from a key, not from a button of its own, so Radix has no trigger to give the
  // focus back to: it goes back to what had it before.
  const returnTo = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) {
      returnTo.current = document.activeElement as HTMLElement | null;
      return;
    }
    const element = returnTo.current;
    returnTo.current = null;
    if (element?.isConnected) requestAnimationFrame(() => element.focus());
  }, [open]);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsDialog open={open} onOpenChange={onOpenChange} />
    </Suspense>
  );
}
