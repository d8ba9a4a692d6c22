import { describe, expect, it } from 'vitest';
import { splitBlocks } from './stream-blocks';

describe('splitBlocks', () => {
  it('splits paragraphs at blank lines', () => {
    expect(splitBlocks('# Title\n\nOne\ntwo\n\n\nThree')).toEqual(['# Title', 'One\ntwo', 'Three']);
  });
  it('keeps code fences and math blocks whole across blank lines', () => {
    const text = 'Intro\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\n$$\nx\n\ny\n$$\n\nEnd';
    expect(splitBlocks(text)).toEqual([
      'Intro',
      '```ts\nconst a = 1;\n\nconst b = 2;\n```',
      '$$\nx\n\ny\n$$',
      'End',
    ]);
  });
  it('keeps an unclosed fence (still streaming) as the last block', () => {
    expect(splitBlocks('A\n\n```py\nx = 1\n\n')).toEqual(['A', '```py\nx = 1\n\n']);
  });
});
