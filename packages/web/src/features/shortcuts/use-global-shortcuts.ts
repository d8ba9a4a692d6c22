import { useEffect, useRef } from 'react';
import { globalShortcutOf, isMacPlatform, type ShortcutId } from './shortcut-table';
import { shortcutMayFire } from './typing-rule';

export type GlobalActions = Record<
  Exclude<ShortcutId, 'stop' | 'editLast' | 'moveInList' | 'rowMenu'>,
  () => void
>;

/** Whether this browser runs on a Mac (its shortcuts use Control+Shift instead of Alt+Shift). */
export function onMac(): boolean {
  if (typeof navigator === 'undefined') return false;
  const data = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData;
  return isMacPlatform(data?.platform || navigator.platform || '');
}

/**
 * Listens for the app-wide shortcuts of the table and runs `actions`' one. Nothing fires while the
 * key would type in a text field, while another handler already took the key, or while a modal
 * dialog is open (other than the shortcuts dialog, which its own key closes again).
 */
export function useGlobalShortcuts(actions: GlobalActions): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const mac = onMac();
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      const id = globalShortcutOf(event, mac);
      if (!id) return;
      if (!shortcutMayFire(event, document.activeElement as HTMLElement | null, mac)) return;
      const dialog = document.querySelector('[role="dialog"], [role="alertdialog"]');
      if (dialog && !(id === 'showShortcuts' && dialog.matches('[data-testid="shortcuts-dialog"]'))) return;
      event.preventDefault();
      latest.current[id as keyof GlobalActions]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
