/** 002 §5: only .json files are imported. */
export function isJsonFile(name: string): boolean {
  return /\.json$/i.test(name.trim());
}

/** The server's answer to a file it cannot read (002 §5). */
export const UNSUPPORTED_IMPORT_MESSAGE = 'Unsupported import type';

/** Which toast a failed import shows: the file-type error for unsupported files, else the generic one. */
export function importErrorKey(status: number | undefined, message: string | undefined): string {
  if (status === 400 && message?.startsWith(UNSUPPORTED_IMPORT_MESSAGE))
    return 'com_ui_import_conversation_file_type_error';
  return 'com_ui_import_conversation_error';
}
