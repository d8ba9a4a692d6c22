import { describe, expect, it } from 'vitest';
import { simTitle } from './title.ts';

describe('simTitle', () => {
  it('keeps the first six words without surrounding punctuation', () => {
    expect(simTitle('What is the capital of France, and why?')).toBe('What is the capital of France');
  });

  it('strips markdown and keeps inner punctuation', () => {
    expect(simTitle('# **Help** with `Node.js` streams!')).toBe('Help with Node.js streams');
  });

  it('capitalises and never ends with punctuation', () => {
    expect(simTitle('  hello there...  ')).toBe('Hello there');
  });

  it('falls back for texts without words', () => {
    expect(simTitle('')).toBe('New Chat');
    expect(simTitle('?!? ...')).toBe('New Chat');
  });

  it('stays short for very long words', () => {
    const title = simTitle(`${'a'.repeat(100)} b c`);
    expect(title.length).toBeLessThanOrEqual(60);
  });
});
