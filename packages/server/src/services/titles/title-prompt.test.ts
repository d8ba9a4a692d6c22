import { describe, expect, it } from 'vitest';
import { buildTitleRequest, cleanTitle, MAX_TITLE_LENGTH } from './title-prompt.ts';

describe('title prompt', () => {
  it('instructions, the first exchange, then the ask', () => {
    const messages = buildTitleRequest('How to bake bread?', 'Mix flour and water.');
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[1]!.content).toBe('How to bake bread?');
  });

  it('a titlePrompt with {convo} gets the exchange in place', () => {
    const [only] = buildTitleRequest('Q', 'A', 'Name this: {convo}');
    expect(only).toEqual({ role: 'user', content: 'Name this: User: Q\nAssistant: A' });
  });

  it('cleans what the model answered', () => {
    expect(cleanTitle('"Baking Bread at Home."\nMore text')).toBe('Baking Bread at Home');
    expect(cleanTitle('Title: **Sourdough Basics**')).toBe('Sourdough Basics');
    expect(cleanTitle('x'.repeat(300))).toHaveLength(MAX_TITLE_LENGTH);
    expect(cleanTitle('   ')).toBe('');
  });
});
