import { describe, expect, it } from 'vitest';
import { readNote } from './file-read-note';

describe('the document chip’s note', () => {
  it('says whether the model read the file in full, searched it, or did not read it', () => {
    expect(readNote({ read_as: 'full_text' })).toEqual({ key: 'com_ui_file_read_full' });
    expect(readNote({ read_as: 'passages', passages: 12 })).toEqual({
      key: 'com_ui_file_passages',
      values: { n: 12 },
    });
    expect(readNote({ read_as: 'passages', passages: 1 })).toEqual({ key: 'com_ui_file_one_passage' });
    expect(readNote({ read_as: 'not_read' })).toEqual({ key: 'com_ui_file_not_read' });
  });

  it('has nothing to say for an entry saved before the server recorded it', () => {
    expect(readNote({})).toBeNull();
  });
});
