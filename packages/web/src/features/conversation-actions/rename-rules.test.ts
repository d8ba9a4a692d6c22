import { describe, expect, it } from 'vitest';
import { RENAME_MAX_LENGTH, titleToSave } from './rename-rules';

describe('titleToSave', () => {
  it('trims and saves a changed title', () => {
    expect(titleToSave('  Trip plans  ', 'Old')).toBe('Trip plans');
  });
  it('turns an empty title into untitled', () => {
    expect(titleToSave('   ', 'Old')).toBe('untitled');
  });
  it('skips an unchanged title, also after trimming', () => {
    expect(titleToSave('Old', 'Old')).toBeNull();
    expect(titleToSave(' Old ', 'Old')).toBeNull();
    expect(titleToSave('', 'untitled')).toBeNull();
  });
  it('keeps at most 100 characters', () => {
    expect(titleToSave('x'.repeat(150), 'Old')).toHaveLength(RENAME_MAX_LENGTH);
  });
});
