import { describe, expect, it } from 'vitest';
import { importErrorKey, isJsonFile } from './import-rules';

describe('import rules', () => {
  it('accepts .json files only', () => {
    expect(isJsonFile('conversations.json')).toBe(true);
    expect(isJsonFile('EXPORT.JSON')).toBe(true);
    expect(isJsonFile('notes.txt')).toBe(false);
    expect(isJsonFile('a.json.zip')).toBe(false);
  });
  it('maps the unsupported-type answer to the file-type error', () => {
    expect(importErrorKey(400, 'Unsupported import type')).toBe('com_ui_import_conversation_file_type_error');
    expect(importErrorKey(400, 'The multipart upload is malformed')).toBe('com_ui_import_conversation_error');
    expect(importErrorKey(500, undefined)).toBe('com_ui_import_conversation_error');
  });
});
