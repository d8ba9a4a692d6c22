import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfDocument } from '../../../test/files/document-fixtures.ts';
import { DocumentUnreadable, extractDocumentText } from './document-extract.ts';
import { unreadableDocumentMessage } from './unreadable-document-message.ts';

/** What a person must never be shown: a path, a module's name, a stack frame, a code. */
const TECHNICAL = /\/|\\|\.mjs|\.ts\b|module|ERR_|\bat\s|exit code/i;

describe('unreadableDocumentMessage', () => {
  it('names the file, says why and what to do', () => {
    const err = new DocumentUnreadable(
      'encrypted',
      'The PDF is password-protected, so its text cannot be read.',
    );
    expect(unreadableDocumentMessage('minutes.pdf', err)).toBe(
      '"minutes.pdf" was not uploaded. The PDF is password-protected, so its text cannot be read. ' +
        'Save a copy without the password and upload that copy.',
    );
  });

  it('tells a reader that cannot load as a problem on the server, keeping the module and path for the log', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parley-unreadable-'));
    try {
      const path = join(dir, 'report.pdf');
      const bytes = pdfDocument(['A page.']);
      await writeFile(path, bytes);
      // The compiled server once shipped its document thread without a module it imports.
      const missing = new URL('./no-such-document-worker.mjs', import.meta.url);
      const err = await extractDocumentText(path, 'pdf', bytes.length, undefined, missing).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(DocumentUnreadable);
      const unreadable = err as DocumentUnreadable;
      expect(unreadable.reason).toBe('failed');
      expect(unreadable.detail).toContain('no-such-document-worker.mjs');
      const message = unreadableDocumentMessage('report.pdf', unreadable);
      expect(message).toBe(
        '"report.pdf" was not uploaded. The document could not be read because of a problem on the server. ' +
          'Try again later; if it keeps happening, tell the administrator of this Parley server.',
      );
      expect(message.replace('"report.pdf"', '')).not.toMatch(TECHNICAL);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
