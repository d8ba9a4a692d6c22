import { describe, expect, it } from 'vitest';
import { fromModelPart, toPrompt } from './ai-sdk-provider.ts';

describe('model stream parts → provider events (the direct doStream path)', () => {
  it('maps deltas, tool calls and the finish with its usage', () => {
    expect(fromModelPart({ type: 'text-delta', id: '1', delta: 'hi' })).toEqual({ type: 'text', text: 'hi' });
    expect(fromModelPart({ type: 'text-delta', id: '1', delta: '' })).toBeNull();
    expect(fromModelPart({ type: 'reasoning-delta', id: '1', delta: 'hm' })).toEqual({
      type: 'reasoning',
      text: 'hm',
    });
    expect(fromModelPart({ type: 'tool-input-delta', id: 'c', delta: '{"a"' })).toEqual({
      type: 'tool-call-delta',
      id: 'c',
      args: '{"a"',
    });
    expect(fromModelPart({ type: 'tool-call', toolCallId: 'c', toolName: 't', input: '' })).toEqual({
      type: 'tool-call',
      id: 'c',
      name: 't',
      args: '{}',
    });
    expect(
      fromModelPart({
        type: 'finish',
        finishReason: { unified: 'tool-calls', raw: 'tool_use' },
        usage: {
          inputTokens: { total: 10, noCache: 6, cacheRead: 3, cacheWrite: 1 },
          outputTokens: { total: 5, text: 3, reasoning: 2 },
        },
      }),
    ).toEqual({
      type: 'finish',
      reason: 'tool_calls',
      // Cache reads and writes are priced apart from other input tokens by the balance.
      usage: {
        inputTokens: 10,
        outputTokens: 5,
        reasoningTokens: 2,
        cacheReadTokens: 3,
        cacheWriteTokens: 1,
      },
    });
    expect(fromModelPart({ type: 'stream-start', warnings: [] })).toBeNull();
  });

  it('builds the prompt: system stays a string, other roles become text parts, provider options kept', () => {
    const cache = { anthropic: { cacheControl: { type: 'ephemeral' } } };
    expect(
      toPrompt([
        { role: 'system', content: 'Be brief.', providerOptions: cache },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: [{ type: 'text', text: 'Hello' }] },
      ]),
    ).toEqual([
      { role: 'system', content: 'Be brief.', providerOptions: cache },
      { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Hello' }] },
    ]);
  });
});
