import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { importErrorKey, importLogLine, isJsonFile } from './import-rules';

describe('import rules', () => {
  it('accepts .json files only', () => {
    expect(isJsonFile('conversations.json')).toBe(true);
    expect(isJsonFile('EXPORT.JSON')).toBe(true);
    expect(isJsonFile('notes.txt')).toBe(false);
    expect(isJsonFile('a.json.zip')).toBe(false);
  });
  it('maps the unsupported-import code to the file-type error, anything else to the generic one', () => {
    const unsupported = new ApiError(400, {
      message: 'Unsupported import type: x',
      code: 'unsupported_import',
    });
    expect(importErrorKey(unsupported)).toBe('com_ui_import_conversation_file_type_error');
    // The same words without the code (a proxy's page, an older server) are not trusted.
    expect(importErrorKey(new ApiError(400, { message: 'Unsupported import type' }))).toBe(
      'com_ui_import_conversation_error',
    );
    expect(importErrorKey(new ApiError(400, { message: 'malformed', code: 'bad_request' }))).toBe(
      'com_ui_import_conversation_error',
    );
    expect(importErrorKey(new TypeError('Failed to fetch'))).toBe('com_ui_import_conversation_error');
  });
  it('logs a server error as a processing failure and a lost request as an upload failure', () => {
    expect(importLogLine(new ApiError(500, { message: 'boom' }))).toBe(
      'An error occurred while processing the file.',
    );
    expect(importLogLine(new TypeError('Failed to fetch'))).toBe(
      'An error occurred while uploading the file.',
    );
  });
});
