import type { DocumentUnreadable, UnreadableReason } from './document-extract.ts';

/** What the person can do about each reason a document was not read. */
const WHAT_TO_DO: Record<UnreadableReason, string> = {
  corrupt: 'Check that it opens on your computer, then save or export it again and upload the new copy.',
  encrypted: 'Save a copy without the password and upload that copy.',
  bomb: 'Upload a smaller document, or split it into parts.',
  too_large: 'Upload a smaller document, or split it into parts.',
  timeout: 'Upload a smaller document, or split it into parts.',
  failed: 'Try again later; if it keeps happening, tell the administrator of this Parley server.',
};

/**
 * The answer to an upload whose text could not be read: the file's name, why in plain words and
 * what to do. Built only from the error's `message`, which never holds a path, a module name or a
 * stack (those stay in its `detail`, for the server's log).
 */
export function unreadableDocumentMessage(filename: string, err: DocumentUnreadable): string {
  return `"${filename}" was not uploaded. ${err.message} ${WHAT_TO_DO[err.reason]}`;
}
