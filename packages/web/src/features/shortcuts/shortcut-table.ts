import type { KeyPress } from './typing-rule';

/**
 * Every keyboard shortcut of the app, in one table that both the key handlers and the shortcuts
 * dialog read, so the dialog never lists a key that does nothing.
 *
 * The keys avoid the browsers' own. Ctrl/⌘ with a letter is taken by browsers almost letter by
 * letter (Ctrl+Shift+O opens Chrome's bookmark manager, Ctrl+Shift+S Firefox's screenshots, ⌘⇧L
 * Safari's sidebar), and Shift+Esc opens Chrome's task manager. So the app's commands use Alt+Shift
 * with a letter on Windows and Linux, where no browser binds N, M or S with them (the app's
 * dictation key, Shift+Alt+L, is the same family), and Control+Shift on a Mac, where browsers use
 * ⌘ and Option+letter would type a character. Keys are matched by their place on the keyboard
 * (`code`), so they work whatever the layout. The help dialog is Ctrl+/ everywhere (Control on a
 * Mac too: ⌘/ toggles Safari's status bar), or ? outside a text field.
 */

export type ShortcutId =
  | 'newChat'
  | 'focusComposer'
  | 'toggleSidebar'
  | 'showShortcuts'
  | 'stop'
  | 'editLast'
  | 'moveInList'
  | 'rowMenu';

/** Where a shortcut works. */
export type ShortcutScope =
  /** Anywhere in the app (the shell's handler). */
  | 'global'
  /** Only where its own handler listens (the message box, a sidebar row, a streaming chat). */
  | 'local';

export interface KeyCombo {
  /** `KeyboardEvent.code` (a key's place), or else */
  code?: string;
  /** `KeyboardEvent.key` (the character), for keys whose place differs between layouts. */
  key?: string;
  ctrl?: boolean;
  alt?: boolean;
  /** true or false: must match; absent: either (a character such as ? implies its own Shift). */
  shift?: boolean;
  /** How the dialog writes the main key. */
  label: string;
}

export interface Shortcut {
  id: ShortcutId;
  scope: ShortcutScope;
  /** Translation key of what it does (the dialog's row). */
  label: string;
  combos: { mac: KeyCombo[]; other: KeyCombo[] };
}

/** A letter with the platform's command chord: Alt+Shift, or Control+Shift on a Mac. */
function chord(letter: string): Shortcut['combos'] {
  const code = `Key${letter}`;
  return {
    mac: [{ code, ctrl: true, shift: true, label: letter }],
    other: [{ code, alt: true, shift: true, label: letter }],
  };
}

/** The same keys on every platform. */
const everywhere = (...combos: KeyCombo[]): Shortcut['combos'] => ({ mac: combos, other: combos });

export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'newChat', scope: 'global', label: 'com_shortcut_new_chat', combos: chord('N') },
  { id: 'focusComposer', scope: 'global', label: 'com_shortcut_focus_composer', combos: chord('M') },
  { id: 'toggleSidebar', scope: 'global', label: 'com_shortcut_toggle_sidebar', combos: chord('S') },
  {
    id: 'showShortcuts',
    scope: 'global',
    label: 'com_shortcut_show_shortcuts',
    combos: everywhere({ key: '/', ctrl: true, label: '/' }, { key: '?', label: '?' }),
  },
  {
    id: 'stop',
    scope: 'local',
    label: 'com_shortcut_stop',
    combos: everywhere({ key: 'Escape', shift: false, label: 'Esc' }),
  },
  {
    id: 'editLast',
    scope: 'local',
    label: 'com_shortcut_edit_last',
    combos: everywhere({ key: 'ArrowUp', shift: false, label: '↑' }),
  },
  {
    id: 'moveInList',
    scope: 'local',
    label: 'com_shortcut_move_in_list',
    combos: everywhere(
      { key: 'ArrowUp', shift: false, label: '↑' },
      { key: 'ArrowDown', shift: false, label: '↓' },
      { key: 'Home', shift: false, label: 'Home' },
      { key: 'End', shift: false, label: 'End' },
    ),
  },
  {
    id: 'rowMenu',
    scope: 'local',
    label: 'com_shortcut_row_menu',
    combos: everywhere(
      { key: 'ArrowRight', shift: false, label: '→' },
      { key: 'ContextMenu', label: 'Menu' },
      { key: 'F10', shift: true, label: 'F10' },
    ),
  },
];

export function isMacPlatform(platform: string): boolean {
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/** Whether `press` is `combo`: its key, and exactly its modifiers (⌘ is never part of one). */
export function matchesCombo(press: KeyPress, combo: KeyCombo): boolean {
  if (combo.code !== undefined ? press.code !== combo.code : press.key !== combo.key) return false;
  if (press.metaKey) return false;
  if (press.ctrlKey !== Boolean(combo.ctrl) || press.altKey !== Boolean(combo.alt)) return false;
  return combo.shift === undefined || press.shiftKey === combo.shift;
}

export function shortcutById(id: ShortcutId): Shortcut {
  return SHORTCUTS.find((s) => s.id === id)!;
}

/** Whether `press` is one of shortcut `id`'s keys on this platform. */
export function isShortcut(id: ShortcutId, press: KeyPress, mac: boolean): boolean {
  return shortcutById(id).combos[mac ? 'mac' : 'other'].some((combo) => matchesCombo(press, combo));
}

/** The global shortcut `press` is, if any (the typing rule is the caller's). */
export function globalShortcutOf(press: KeyPress, mac: boolean): ShortcutId | null {
  for (const shortcut of SHORTCUTS) {
    if (shortcut.scope === 'global' && isShortcut(shortcut.id, press, mac)) return shortcut.id;
  }
  return null;
}

/** The keys of a combo as the dialog shows them, one per key cap: ["Alt", "Shift", "N"]. */
export function comboKeys(combo: KeyCombo, mac: boolean): string[] {
  const keys: string[] = [];
  if (combo.ctrl) keys.push(mac ? '⌃' : 'Ctrl');
  if (combo.alt) keys.push(mac ? '⌥' : 'Alt');
  if (combo.shift) keys.push(mac ? '⇧' : 'Shift');
  keys.push(combo.label);
  return keys;
}
