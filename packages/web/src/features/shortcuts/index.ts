/** Keyboard shortcuts as other folders see them: import from here, never from its other files. */
export { isShortcut, type ShortcutId } from './shortcut-table';
export { LazyShortcutsDialog } from './lazy-shortcuts-dialog';
export { shortcutMayFire } from './typing-rule';
export { onMac, useGlobalShortcuts } from './use-global-shortcuts';
