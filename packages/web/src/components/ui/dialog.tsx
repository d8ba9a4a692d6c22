import { useEffect, useState } from 'react';
import { onDemand } from '../../lib/on-demand';
import type { DialogProps, RadixBackedDialog } from './radix-dialog';

export type { DialogProps } from './radix-dialog';

/** The Radix-backed modal, loaded when the first dialog opens. */
const radixDialog = onDemand(() => import('./radix-dialog').then((module) => module.RadixBackedDialog));

/** Starts loading the modal's code unless it is loaded or on its way; a failed load is forgotten. */
export const preloadDialog = (): Promise<typeof RadixBackedDialog> => radixDialog.load();

/**
 * A centred modal (focus trap, aria wiring, scroll lock). A closed dialog shows nothing, so the
 * Radix code behind it loads only when one first opens; from then on every dialog runs on it.
 */
export function Dialog(props: DialogProps) {
  const [ready, setReady] = useState(() => radixDialog.loaded() !== null);
  const { open } = props;
  useEffect(() => {
    // Code that cannot arrive (offline) shows nothing; the next open loads it again.
    if (!ready && open)
      preloadDialog().then(
        () => setReady(true),
        () => undefined,
      );
  }, [ready, open]);
  const Loaded = radixDialog.loaded();
  if (!ready || !Loaded) return null;
  return <Loaded {...props} />;
}
