import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './export-file-name.ts';

describe('attachmentDisposition', () => {
  it('keeps a plain title', () => {
    expect(attachmentDisposition('My chat', 'md')).toBe(
      `attachment; filename="My chat.md"; filename*=UTF-8''My%20chat.md`,
    );
  });

  it('never lets quotes, slashes or line breaks into the header', () => {
    const value = attachmentDisposition('a"b/../c\r\nSet-Cookie: x', 'json');
    expect(value).not.toMatch(/[\r\n]/);
    expect(value.split('filename="')[1]!.split('";')[0]).toMatch(/^[\w .-]+\.json$/);
  });

  it('falls back to "conversation" for a title with nothing usable', () => {
    expect(attachmentDisposition('///', 'txt')).toContain('filename="conversation.txt"');
  });
});
