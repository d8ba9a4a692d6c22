import { describe, expect, it } from 'vitest';
import { messageFiles, type Attachment } from './attachments-store';
import { pastedName } from './prepare-image';

describe('attachments', () => {
  it('renames pasted files with a timestamp prefix', () => {
    const file = pastedName(
      new File(['x'], 'image.png', { type: 'image/png' }),
      new Date('2026-01-02T03:04:05.678Z'),
    );
    expect(file.name).toBe('2026-01-02T03-04-05-678Z-image.png');
    expect(file.type).toBe('image/png');
  });

  it('sends only uploaded files, with their size for pictures', () => {
    const base = { name: 'a.png', size: 1, type: 'image/png' };
    const uploaded: Attachment = {
      ...base,
      id: 't1',
      progress: 1,
      file: {
        file_id: 'f1',
        user: 'u',
        filename: 'a.png',
        filepath: '/api/files/download/u/f1',
        type: 'image/png',
        bytes: 1,
        width: 4,
        height: 3,
        source: 'local',
        embedded: false,
        context: 'message_attachment',
        usage: 0,
        createdAt: '',
        updatedAt: '',
      },
    };
    const loading: Attachment = { ...base, id: 't2', progress: 0.6 };
    expect(messageFiles([uploaded, loading])).toEqual([
      {
        file_id: 'f1',
        filepath: '/api/files/download/u/f1',
        filename: 'a.png',
        type: 'image/png',
        width: 4,
        height: 3,
      },
    ]);
  });
});
