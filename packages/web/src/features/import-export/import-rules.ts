import { ApiError, hasErrorCode } from '../../api/api-error';

/** Only .json files are imported: every export format Parley reads is JSON. */
export function isJsonFile(name: string): boolean {
  return /\.json$/i.test(name.trim());
}

/**
 * Which toast a failed import shows: the file-type error when the server could not read the file
 * as any known export (its `unsupported_import` code), else the generic one.
 */
export function importErrorKey(error: unknown): string {
  return hasErrorCode(error, 'unsupported_import')
    ? 'com_ui_import_conversation_file_type_error'
    : 'com_ui_import_conversation_error';
}

/**
 * The console line for a failed import (for whoever reads the log, so in English): the server
 * answered with an error → it could not process the file; no answer at all → the upload failed.
 */
export function importLogLine(error: unknown): string {
  return error instanceof ApiError
    ? 'An error occurred while processing the file.'
    : 'An error occurred while uploading the file.';
}
