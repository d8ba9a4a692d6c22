import { describe, expect, it } from 'vitest';
import { figureParts, figuresOf } from './answer-figures';

describe('answer figures', () => {
  it('reads the figures of an answer and ignores anything malformed', () => {
    expect(figuresOf({ figures: { promptTokens: 10, completionTokens: 5 } })).toEqual({
      promptTokens: 10,
      completionTokens: 5,
    });
    expect(figuresOf({})).toBeNull();
    expect(figuresOf({ figures: {} })).toBeNull();
    expect(figuresOf({ figures: { promptTokens: 'many' } })).toBeNull();
  });

  it('shows no figures under an error answer unless it was charged', () => {
    const figures = { promptTokens: 0, completionTokens: 0 };
    expect(figuresOf({ error: true, figures })).toBeNull();
    expect(figuresOf({ error: false, figures })).toEqual(figures);
    expect(figuresOf({ error: true, figures: { ...figures, cost: 1.5 } })).toEqual({ ...figures, cost: 1.5 });
  });

  it('lists time to first token, speed, tokens and cost', () => {
    const parts = figureParts(
      {
        timeToFirstTokenMs: 1234,
        tokensPerSecond: 45.67,
        promptTokens: 1200,
        completionTokens: 340,
        cost: 3.456,
      },
      'en-US',
    );
    expect(parts).toEqual([
      { key: 'com_ui_figures_ttft', values: { seconds: '1.23' } },
      { key: 'com_ui_figures_speed', values: { rate: '45.7' } },
      { key: 'com_ui_figures_tokens', values: { prompt: '1,200', completion: '340' } },
      { key: 'com_ui_figures_cost', values: { credits: '3.46' } },
    ]);
    expect(figureParts({ promptTokens: 3, completionTokens: 4 }, 'en-US')).toHaveLength(1);
  });
});
