import { describe, expect, it } from 'vitest';
import { dropChoices, toolResourceOf, uploadKinds, wrongFilesFor } from './upload-options';

/** What the server offers: file search as given, OCR off unless said. */
const offer = (fileSearch: { enabled: boolean; permitted: boolean; capability?: boolean }, ocr = false) => ({
  fileSearch: { capability: true, ...fileSearch },
  ocr,
});

describe('upload options', () => {
  it('offers file search only when the server has it on and the role may use it', () => {
    expect(uploadKinds(offer({ enabled: true, permitted: true }))).toEqual([
      'image',
      'file',
      'ocr',
      'file_search',
    ]);
    expect(uploadKinds(offer({ enabled: false, permitted: true }))).toEqual(['image', 'file', 'ocr']);
    expect(uploadKinds(offer({ enabled: true, permitted: false }))).toEqual(['image', 'file', 'ocr']);
  });

  it('offers "Upload for File Search" only while the agents\' file_search capability is on', () => {
    const off = offer({ enabled: true, permitted: true, capability: false });
    expect(uploadKinds(off)).toEqual(['image', 'file', 'ocr']);
    // Nor does a dropped file ask about it (then there is nothing left to ask).
    expect(dropChoices([{ name: 'a.pdf', type: 'application/pdf' }], off, false)).toEqual([]);
  });

  it('names the tool resource of "upload as text" (ocr) and of file search, none for the others', () => {
    expect(toolResourceOf('ocr')).toEqual({ toolResource: 'ocr' });
    expect(toolResourceOf('file_search')).toEqual({ toolResource: 'file_search' });
    expect(toolResourceOf('file')).toEqual({});
    expect(toolResourceOf('image')).toEqual({});
  });

  it('takes only pictures as images, anything for the other kinds', () => {
    const png = { name: 'a.png', type: 'image/png' };
    const pdf = { name: 'a.pdf', type: 'application/pdf' };
    expect(wrongFilesFor('image', [png])).toBe(false);
    expect(wrongFilesFor('image', [png, pdf])).toBe(true);
    expect(wrongFilesFor('file', [png, pdf])).toBe(false);
    expect(wrongFilesFor('file_search', [pdf])).toBe(false);
  });

  it('asks about dropped files with the attach menu kinds, images only when every file is a picture', () => {
    const png = { name: 'a.png', type: 'image/png' };
    const pdf = { name: 'a.pdf', type: 'application/pdf' };
    const on = offer({ enabled: true, permitted: true });
    expect(dropChoices([png], on, false)).toEqual(['image', 'file', 'ocr', 'file_search']);
    expect(dropChoices([png, png], on, false)).toEqual(['image', 'file', 'ocr', 'file_search']);
    expect(dropChoices([png, pdf], on, false)).toEqual(['file', 'ocr', 'file_search']);
    expect(dropChoices([pdf], on, false)).toEqual(['file', 'ocr', 'file_search']);
    // A file the browser could not type is a picture only when its extension says so (HEIC).
    expect(dropChoices([{ name: 'blob', type: '' }], on, false)).toEqual(['file', 'ocr', 'file_search']);
    expect(dropChoices([{ name: 'IMG_1.HEIC', type: '' }], on, false)).toEqual([
      'image',
      'file',
      'ocr',
      'file_search',
    ]);
  });

  it('does not ask when only plain attaching is possible, on the agents endpoint, or for nothing', () => {
    const png = { name: 'a.png', type: 'image/png' };
    expect(dropChoices([png], offer({ enabled: false, permitted: true }), false)).toEqual([]);
    expect(dropChoices([png], offer({ enabled: true, permitted: false }), false)).toEqual([]);
    expect(dropChoices([png], offer({ enabled: true, permitted: true }), true)).toEqual([]);
    expect(dropChoices([], offer({ enabled: true, permitted: true }), false)).toEqual([]);
  });

  it('offers "OCR text" only while the server reads text in pictures, sent as the ocr tool resource', () => {
    expect(uploadKinds(offer({ enabled: true, permitted: true }, true))).toEqual([
      'image',
      'file',
      'ocr',
      'ocr_text',
      'file_search',
    ]);
    expect(uploadKinds(offer({ enabled: false, permitted: true }, true))).toEqual([
      'image',
      'file',
      'ocr',
      'ocr_text',
    ]);
    expect(toolResourceOf('ocr_text')).toEqual({ toolResource: 'ocr' });
  });

  it('takes pictures and PDFs for OCR text, nothing else', () => {
    const png = { name: 'a.png', type: 'image/png' };
    const pdf = { name: 'scan.pdf', type: '' };
    const doc = {
      name: 'a.docx',
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    };
    expect(wrongFilesFor('ocr_text', [png, pdf])).toBe(false);
    expect(wrongFilesFor('ocr_text', [png, doc])).toBe(true);
  });

  it('asks about dropped pictures and PDFs when OCR text is on offer, even without file search', () => {
    const png = { name: 'a.png', type: 'image/png' };
    const pdf = { name: 'a.pdf', type: 'application/pdf' };
    const txt = { name: 'a.txt', type: 'text/plain' };
    const ocrOnly = offer({ enabled: false, permitted: true }, true);
    expect(dropChoices([png], ocrOnly, false)).toEqual(['image', 'file', 'ocr', 'ocr_text']);
    expect(dropChoices([pdf], ocrOnly, false)).toEqual(['file', 'ocr', 'ocr_text']);
    // A text file has no OCR choice, so without file search nothing is asked.
    expect(dropChoices([txt], ocrOnly, false)).toEqual([]);
    expect(dropChoices([png], ocrOnly, true)).toEqual([]);
  });
});
