/**
 * What was typed into the page's stand-in message box (index.html's, then the shell skeleton's)
 * before the chat's own box existed. The stand-in makes the composer usable from the first paint;
 * this hands its text, and whether it had the focus, to the real box when that mounts.
 */
const state = { text: '', focused: false };

/** The stand-in box index.html paints before any script runs (gone once React has rendered). */
function staticBox(): HTMLTextAreaElement | null {
  return typeof document === 'undefined'
    ? null
    : document.querySelector<HTMLTextAreaElement>('textarea[data-shell-input]:not([data-react-box])');
}

/** The text and focus the stand-in has now: index.html's box while it is there, else the last kept. */
export function readShellDraft(): { text: string; focused: boolean } {
  const box = staticBox();
  if (box) {
    state.text = box.value;
    state.focused = document.activeElement === box;
  }
  return { ...state };
}

export function keepShellDraft(text: string, focused: boolean): void {
  state.text = text;
  state.focused = focused;
}

/** Forgets the stand-in's text once the real box has taken it (an effect, so StrictMode's double render reads it twice). */
export function forgetShellDraft(): void {
  state.text = '';
  state.focused = false;
}
