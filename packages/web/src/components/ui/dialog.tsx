import { useEffect, useState } from 'react';
import { retryImport } from '../../lib/retry-import';
import type { DialogProps, RadixBackedDialog } from './radix-dialog';

export type { DialogProps } from './radix-dialog';

/** The Radix-backed modal, loaded when the first dialog opens. */
let radixDialog: typeof RadixBackedDialog | null = null;
let loading: Promise<typeof RadixBackedDialog> | null = null;

/** Starts loading the modal's code unless it is loaded or on its way; a failed load is forgotten. */
export function preloadDialog(): Promise<typeof RadixBackedDialog> {
  loading ??= retryImport(() => import('./radix-dialog')).then(
    (module) => (radixDialog = module.RadixBackedDialog),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * A centred modal (focus trap, aria wiring, scroll lock). A closed dialog shows nothing, so the
 * Radix code behind it loads only when one first opens; from then on every dialog runs on it.
 */
export function Dialog(props: DialogProps) {
  const [ready, setReady] = useState(() => radixDialog !== null);
  const { open } = props;
  useEffect(() => {
    if (!ready && open) void preloadDialog().then(() => setReady(true));
  }, [ready, open]);
  if (!ready || !radixDialog) return null;
  const Loaded = radixDialog;
  return <Loaded {...props} />;
}
