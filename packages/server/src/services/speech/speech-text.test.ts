import { speakableText } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { speechConfigAnswer } from './speech-config.ts';
import { speechChunks } from './speech-text.ts';

describe('what is spoken', () => {
  it('reduces markdown to its words', () => {
    expect(
      speakableText(
        '# Title\n\nSome **bold** and `code`, a [link](https://x.y/z) and\n```js\nlet x = 1;\n```\n- item',
      ),
    ).toBe('Title\nSome bold and code, a link and\nitem');
  });

  it('cuts a long text at sentence ends into pieces no longer than the limit', () => {
    const text = 'One two three. Four five six! Seven eight nine? Ten.';
    const chunks = speechChunks(text, 20);
    expect(chunks).toEqual(['One two three.', 'Four five six!', 'Seven eight nine?', 'Ten.']);
    expect(speechChunks('a'.repeat(25), 10)).toEqual(['a'.repeat(10), 'a'.repeat(10), 'a'.repeat(5)]);
    expect(speechChunks('   ')).toEqual([]);
  });

  it('answers not_found without a speech section (the browser keeps its defaults)', () => {
    expect(speechConfigAnswer(undefined)).toEqual({ message: 'not_found' });
    expect(speechConfigAnswer({})).toEqual({ sttExternal: false, ttsExternal: false });
  });
});
