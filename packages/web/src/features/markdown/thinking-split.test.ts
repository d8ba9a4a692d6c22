import { describe, expect, it } from 'vitest';
import { splitThinking, stripThinkTags } from './thinking-split';

describe('splitThinking', () => {
  it('returns plain text untouched', () => {
    expect(splitThinking('just text')).toEqual([{ kind: 'text', text: 'just text' }]);
  });
  it('extracts a closed thinking section between text', () => {
    expect(splitThinking('Intro\n:::thinking\nreason here\n:::\nAfter')).toEqual([
      { kind: 'text', text: 'Intro\n' },
      { kind: 'thinking', text: 'reason here' },
      { kind: 'text', text: '\nAfter' },
    ]);
  });
  it('runs an unclosed section (still streaming) to the end', () => {
    expect(splitThinking(':::thinking\npartial')).toEqual([{ kind: 'thinking', text: 'partial' }]);
  });
  it('does not treat other directives as thinking', () => {
    expect(splitThinking(':::note\nx\n:::')).toHaveLength(1);
  });
});

describe('stripThinkTags', () => {
  it('removes think tags', () => {
    expect(stripThinkTags('<think>a</think>')).toBe('a');
  });
});
