import { describe, expect, it } from 'vitest';
import { asciiJson } from './ascii-json.ts';

describe('asciiJson', () => {
  it('writes every character past ASCII as an escape that JSON.parse reads back', () => {
    const record = { filename: '議事録 🦦.txt', note: 'café "quoted" \\ back', n: 3 };
    const text = asciiJson(record);
    expect(text).toMatch(/^[\x20-\x7e]*$/);
    expect(text).toContain('\\u8b70\\u4e8b\\u9332 \\ud83e\\udda6.txt');
    expect(JSON.parse(text)).toEqual(record);
  });

  it('leaves pure ASCII JSON as JSON.stringify writes it', () => {
    const record = { filename: 'notes.txt', bytes: 12 };
    expect(asciiJson(record)).toBe(JSON.stringify(record));
  });
});
