import { describe, expect, it } from 'vitest';
import { cleanFileName } from './file-name.ts';

describe('cleanFileName', () => {
  it('drops directories, control characters and percent-encoding tricks', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\Windows\\win.ini')).toBe('win.ini');
    expect(cleanFileName('%2e%2e%2fsecret.txt')).toBe('secret.txt');
    expect(cleanFileName('a\u0000b\u001f.txt')).toBe('ab.txt');
    expect(cleanFileName('..')).toBe('file');
    expect(cleanFileName('')).toBe('file');
    expect(cleanFileName('100%.txt')).toBe('100%.txt');
  });

  it('shortens long names to 255 characters keeping the extension', () => {
    const name = cleanFileName(`${'é'.repeat(400)}.pdf`);
    expect([...name].length).toBe(255);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});
