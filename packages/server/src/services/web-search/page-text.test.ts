import { describe, expect, it } from 'vitest';
import { MAX_PARSED_CHARS, pageText, withoutBulk } from './page-text.ts';

describe('page text', () => {
  it('keeps the article and drops scripts, styles, menus and footers', () => {
    const page = pageText(
      '<html><head><title> The  title </title><style>p{}</style></head><body><nav>Menu</nav>' +
        '<article><h1>Head</h1><p>First  line.</p><script>evil()</script><p>Second.</p></article>' +
        '<footer>Legal</footer></body></html>',
    );
    expect(page).toEqual({ title: 'The title', text: 'Head\nFirst line.\nSecond.' });
  });

  it('uses the body when there is no article or main element, and survives broken markup', () => {
    expect(pageText('<body><div>Plain <b>text</b></div><aside>ads</aside>').text).toBe('Plain text');
    expect(pageText('<p>unclosed <div><span>tags').text).toBe('unclosed\ntags');
    expect(pageText('').text).toBe('');
  });

  it('cuts bulk blocks in linear time, an unclosed one to the end', () => {
    expect(withoutBulk('a<SCRIPT type=x>b</script >c<style>d')).toBe('a c ');
    const hostile = '<script'.repeat(200_000);
    const started = performance.now();
    expect(withoutBulk(hostile)).toBe(' ');
    expect(withoutBulk('x'.repeat(10) + '<svg>'.repeat(100_000) + '</svg>y')).toBe('xxxxxxxxxx y');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('parses at most MAX_PARSED_CHARS of a huge page', () => {
    const huge = `<article>${'<p>word </p>'.repeat(100_000)}</article>`;
    expect(pageText(huge).text.length).toBeLessThanOrEqual(MAX_PARSED_CHARS);
  });
});
