import { describe, expect, it } from 'vitest';
import { uploadKinds, wrongFilesFor } from './upload-options';

describe('upload options', () => {
  it('offers file search only when the server has it on and the role may use it', () => {
    expect(uploadKinds({ enabled: true, permitted: true })).toEqual(['image', 'file', 'file_search']);
    expect(uploadKinds({ enabled: false, permitted: true })).toEqual(['image', 'file']);
    expect(uploadKinds({ enabled: true, permitted: false })).toEqual(['image', 'file']);
  });

  it('takes only pictures as images, anything for the other kinds', () => {
    const png = { type: 'image/png' };
    const pdf = { type: 'application/pdf' };
    expect(wrongFilesFor('image', [png])).toBe(false);
    expect(wrongFilesFor('image', [png, pdf])).toBe(true);
    expect(wrongFilesFor('file', [png, pdf])).toBe(false);
    expect(wrongFilesFor('file_search', [pdf])).toBe(false);
  });
});
