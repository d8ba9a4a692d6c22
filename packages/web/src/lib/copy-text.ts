/**
 * Puts text on the clipboard and says whether it got there. The Clipboard API exists only in a
 * secure context (https or localhost), so a page opened over plain http at a LAN address has none:
 * there the text is selected in an off-screen field and copied the older way, which browsers
 * still allow inside the click that asked for it.
 */
export async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, the page lost focus): the older way may still work.
    }
  }
  return copyBySelection(text);
}

function copyBySelection(text: string): boolean {
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.top = '-1000px';
  field.style.opacity = '0';
  const focused = document.activeElement as HTMLElement | null;
  document.body.append(field);
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
    focused?.focus({ preventScroll: true });
  }
}
