import { describe, expect, it } from 'vitest';
import { toSnippetHtml } from './snippet.ts';

describe('toSnippetHtml', () => {
  it('turns the markers into marks and escapes everything else', () => {
    expect(toSnippetHtml('a <b>\uE000bold\uE001 & "x"')).toBe(
      'a &lt;b&gt;<mark>bold</mark> &amp; &quot;x&quot;',
    );
  });

  it('never leaves a mark open or closes one that is not open', () => {
    expect(toSnippetHtml('\uE001x\uE000\uE000y')).toBe('x<mark>y</mark>');
  });

  it('escapes script text', () => {
    expect(toSnippetHtml('<script>alert(1)</script>')).not.toContain('<script>');
  });
});
