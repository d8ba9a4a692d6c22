import { describe, expect, it } from 'vitest';
import {
  checkUploads,
  DEFAULT_SUPPORTED_MIME_TYPES,
  FILE_UPLOAD_DEFAULTS,
  inferFileType,
  isExpiredFile,
  MB,
  needsToolResource,
} from './files.ts';

const limits = { ...FILE_UPLOAD_DEFAULTS, supportedMimeTypes: [...DEFAULT_SUPPORTED_MIME_TYPES] };

describe('checkUploads', () => {
  it('runs the checks in the spec’s order', () => {
    expect(checkUploads([{ name: 'a.txt', size: 0 }], limits)).toBe('The files are empty.');
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.txt`, size: 1, type: 'text/plain' }));
    expect(checkUploads(eleven, limits)).toBe('You can only upload up to 10 files at a time.');
    expect(checkUploads([{ name: 'noext', size: 3 }], limits)).toBe(
      'Unable to determine file type for: noext',
    );
    expect(checkUploads([{ name: 'a.exe', size: 3, type: 'application/x-msdownload' }], limits)).toBe(
      'Currently, unsupported file type: application/x-msdownload',
    );
    expect(checkUploads([{ name: 'a.txt', size: 513 * MB }], limits)).toBe('File size exceeds 512 MB.');
    expect(
      checkUploads(
        [
          { name: 'a.txt', size: 300 * MB },
          { name: 'b.txt', size: 300 * MB },
        ],
        limits,
      ),
    ).toBe('The total size of the files cannot exceed 512 MB.');
    expect(
      checkUploads([{ name: 'a.txt', size: 3 }], limits, [{ name: 'a.txt', size: 3, type: 'text/plain' }]),
    ).toBe('This file has already been added.');
    expect(checkUploads([{ name: 'a.txt', size: 3 }], limits)).toBeNull();
  });

  it('counts files already attached toward the count and total', () => {
    const existing = Array.from({ length: 10 }, (_, i) => ({ name: `e${i}.txt`, size: 1 }));
    expect(checkUploads([{ name: 'a.txt', size: 1 }], limits, existing)).toBe(
      'You can only upload up to 10 files at a time.',
    );
  });

  it('fills in a type from the extension when the browser gives none', () => {
    expect(inferFileType('Report.PDF', '')).toBe('application/pdf');
    expect(inferFileType('x.py', undefined)).toBe('text/x-python');
    expect(inferFileType('x', 'image/png')).toBe('image/png');
    expect(inferFileType('x', undefined)).toBe('');
  });
});

describe('isExpiredFile', () => {
  it('is expired once expiresAt has passed, and never without one', () => {
    expect(isExpiredFile({ expiresAt: 1000 }, 999)).toBe(false);
    expect(isExpiredFile({ expiresAt: 1000 }, 1000)).toBe(true);
    expect(isExpiredFile({ expiresAt: 1000 }, 5000)).toBe(true);
    expect(isExpiredFile({}, 5000)).toBe(false);
    expect(isExpiredFile({ expiresAt: 'soon' }, 5000)).toBe(false);
  });
});

describe('needsToolResource', () => {
  it('asks a tool resource of documents on the agents endpoint only', () => {
    expect(needsToolResource('agents', 'text/plain')).toBe(true);
    expect(needsToolResource('agents', 'application/pdf', null)).toBe(true);
    expect(needsToolResource('agents', 'application/pdf', 'file_search')).toBe(false);
    expect(needsToolResource('agents', 'text/plain', 'ocr')).toBe(false);
    expect(needsToolResource('agents', 'image/png')).toBe(false);
    expect(needsToolResource('openAI', 'text/plain')).toBe(false);
    expect(needsToolResource(undefined, 'text/plain')).toBe(false);
  });
});
