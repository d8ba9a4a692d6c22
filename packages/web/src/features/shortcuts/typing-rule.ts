/**
 * The "is the user typing" rule every keyboard shortcut obeys: a key press that would type or edit
 * text where the focus is belongs to that field, never to a shortcut.
 */

/** What the rule needs of a key press (a KeyboardEvent has all of it). */
export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  isComposing?: boolean;
}

/** What the rule needs of the focused element (an Element has all of it). */
export interface FocusTarget {
  tagName: string;
  isContentEditable?: boolean;
  /** An input's type. */
  type?: string;
  readOnly?: boolean;
}

/** Inputs whose keys do not type text (buttons, boxes, pickers that are not text). */
const NON_TEXT_INPUTS = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'hidden',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

/** Keys that change a field's text without being a character. */
const EDITING_KEYS = new Set(['Backspace', 'Delete', 'Enter', 'Tab']);

/** Whether key presses in `target` type text: a text input, a text area, an editable element. */
export function isTextEntry(target: FocusTarget | null | undefined): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName.toUpperCase();
  if (tag === 'TEXTAREA') return !target.readOnly;
  if (tag === 'INPUT') return !target.readOnly && !NON_TEXT_INPUTS.has((target.type ?? 'text').toLowerCase());
  return false;
}

/**
 * Whether `press` types or edits text in a text field. Ctrl and ⌘ combinations never type; Alt
 * (Option) does on a Mac (Option+letter writes a character) but not elsewhere. A character key,
 * Backspace, Delete, Enter and Tab do; Escape, arrows and function keys do not.
 */
export function typesText(press: KeyPress, mac: boolean): boolean {
  if (press.isComposing) return true;
  if (press.ctrlKey || press.metaKey) return false;
  if (press.altKey && !mac) return false;
  return press.key.length === 1 || EDITING_KEYS.has(press.key);
}

/** Whether a shortcut may take `press`: not when it would type or edit text in the focused field. */
export function shortcutMayFire(
  press: KeyPress,
  target: FocusTarget | null | undefined,
  mac: boolean,
): boolean {
  if (press.isComposing) return false;
  return !(isTextEntry(target) && typesText(press, mac));
}
