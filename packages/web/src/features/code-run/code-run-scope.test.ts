import { describe, expect, it } from 'vitest';
import { fencedBlocks } from './code-run-scope';

describe('fencedBlocks', () => {
  it('lists the bodies of backtick and tilde fences in order', () => {
    const text =
      'Intro\n```python\nprint(1)\n```\nmiddle\n~~~js\nconsole.log(2)\n~~~\n````\nnested ```\n````';
    expect(fencedBlocks(text)).toEqual(['print(1)', 'console.log(2)', 'nested ```']);
  });

  it('takes an unclosed fence to the end of the text and ignores inline code', () => {
    expect(fencedBlocks('use `x` here\n```py\na = 1\nb = 2')).toEqual(['a = 1\nb = 2']);
    expect(fencedBlocks('no code at all')).toEqual([]);
  });
});
