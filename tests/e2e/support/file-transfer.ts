import type { Page } from '@playwright/test';

/** A file handed to the page: its bytes as numbers (they cross into the browser as JSON) or text. */
export type TransferredFile = { name: string; type: string; bytes: number[] | string };

/** Drops files on the chat as a person dragging them from the desktop does (enter, then drop). */
export async function drop(page: Page, files: TransferredFile[]) {
  const dataTransfer = await page.evaluateHandle((list: TransferredFile[]) => {
    const dt = new DataTransfer();
    for (const f of list) {
      const body = typeof f.bytes === 'string' ? f.bytes : new Uint8Array(f.bytes);
      dt.items.add(new File([body], f.name, { type: f.type }));
    }
    return dt;
  }, files);
  const zone = page.getByTestId('chat-input');
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

/** Pastes files into the message box as the clipboard does. */
export async function paste(page: Page, files: TransferredFile[]) {
  await page.getByTestId('chat-input').evaluate((el, list: TransferredFile[]) => {
    const dt = new DataTransfer();
    for (const f of list) {
      const body = typeof f.bytes === 'string' ? f.bytes : new Uint8Array(f.bytes);
      dt.items.add(new File([body], f.name, { type: f.type }));
    }
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, files);
}
