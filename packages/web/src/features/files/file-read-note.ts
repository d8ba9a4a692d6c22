/** How the server gave a message's file to the model, as it records it on the file entry. */
export type FileReadAs = 'full_text' | 'passages' | 'not_read';

/**
 * The string key (and its values) of a document chip's note: "Read in full", "N passages
 * searched" or "Not read". Entries saved before the server recorded it have no note.
 */
export function readNote(file: {
  read_as?: FileReadAs;
  passages?: number;
}): { key: string; values?: Record<string, number> } | null {
  switch (file.read_as) {
    case 'full_text':
      return { key: 'com_ui_file_read_full' };
    case 'passages':
      return file.passages === 1
        ? { key: 'com_ui_file_one_passage' }
        : { key: 'com_ui_file_passages', values: { n: file.passages ?? 0 } };
    case 'not_read':
      return { key: 'com_ui_file_not_read' };
    default:
      return null;
  }
}
