import { describe, expect, it } from 'vitest';
import { highlightTarget, splitShown } from './streaming-highlight';

const line = (text: string) => [{ content: text, style: {} }];

describe('highlightTarget', () => {
  it('asks for the completed lines of a streaming block', () => {
    expect(highlightTarget('const a = 1;\nconst b', true, undefined)).toBe('const a = 1;\n');
  });

  it('asks for nothing while the first line is still being written', () => {
    expect(highlightTarget('const a = 1;', true, undefined)).toBeNull();
  });

  it('asks again only when another line was completed, not on every token', () => {
    expect(highlightTarget('a\nb', true, 'a\n')).toBeNull();
    expect(highlightTarget('a\nbc', true, 'a\n')).toBeNull();
    expect(highlightTarget('a\nbc\nd', true, 'a\n')).toBe('a\nbc\n');
  });

  it('asks for the whole block once it is finished', () => {
    expect(highlightTarget('a\nb', false, 'a\n')).toBe('a\nb');
    expect(highlightTarget('a\nb', false, 'a\nb')).toBeNull();
  });

  it('asks for nothing for an empty block', () => {
    expect(highlightTarget('', false, undefined)).toBeNull();
    expect(highlightTarget('', true, undefined)).toBeNull();
  });
});

describe('splitShown', () => {
  it('shows everything plain before any highlighting arrived', () => {
    expect(splitShown('a\nb', null)).toEqual({ lines: [], rest: 'a\nb', complete: false });
  });

  it('shows highlighted completed lines and the line being written plain', () => {
    const shown = splitShown('a\nb\nc', { code: 'a\nb\n', lines: [line('a'), line('b'), []] });
    expect(shown.lines).toEqual([line('a'), line('b')]);
    expect(shown.rest).toBe('c');
    expect(shown.complete).toBe(false);
  });

  it('is complete when the whole block is highlighted', () => {
    const shown = splitShown('a\nb', { code: 'a\nb', lines: [line('a'), line('b')] });
    expect(shown).toEqual({ lines: [line('a'), line('b')], rest: '', complete: true });
  });

  it('drops highlighting that no longer matches the code', () => {
    expect(splitShown('x\ny', { code: 'a\n', lines: [line('a'), []] })).toEqual({
      lines: [],
      rest: 'x\ny',
      complete: false,
    });
  });

  it('keeps a non-empty last line of a prefix ending in a line break', () => {
    const shown = splitShown('a\n', { code: 'a\n', lines: [line('a')] });
    expect(shown.lines).toEqual([line('a')]);
    expect(shown.complete).toBe(true);
  });
});
