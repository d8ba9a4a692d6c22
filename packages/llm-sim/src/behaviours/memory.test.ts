import { describe, expect, it } from 'vitest';
import type { SimRequest } from '../conversation.ts';
import { memory, memoryMalformed, memoryUpdatesIn, MEMORY_MALFORMED_ANSWER } from './memory.ts';

const request = (...userTexts: string[]): SimRequest => ({
  model: 'memory',
  messages: [
    { role: 'system', text: 'remember my system is ignored' },
    ...userTexts.map((text) => ({ role: 'user' as const, text })),
    { role: 'assistant', text: 'remember my assistant is ignored too' },
  ],
});

describe('memory behaviour', () => {
  it('sets and deletes what the user asked for, once per key, the last word winning', () => {
    const updates = memoryUpdatesIn(
      request(
        'User: remember that my city is Paris.\n\nAssistant: noted',
        'remember my job is baker\nforget my city.',
        'Remember my job is pilot!',
      ),
    );
    expect(updates).toEqual([
      { type: 'delete', key: 'city' },
      { type: 'set', key: 'job', value: 'pilot' },
    ]);
  });

  it('answers the JSON a memory step reads, with no updates when nothing was asked', () => {
    const text = (r: SimRequest) => (memory(r).events[0] as { text: string }).text;
    expect(JSON.parse(text(request('hello there')))).toEqual({ updates: [] });
    expect(JSON.parse(text(request('remember my name is Ada Lovelace')))).toEqual({
      updates: [{ type: 'set', key: 'name', value: 'Ada Lovelace' }],
    });
  });

  it('passes a key through as the user wrote it, whatever its length (the server judges)', () => {
    const key = 'k'.repeat(150);
    expect(memoryUpdatesIn(request(`remember my ${key} is x`))).toEqual([{ type: 'set', key, value: 'x' }]);
  });

  it('memory-malformed answers prose', () => {
    expect(memoryMalformed(request('remember my a is b')).events[0]).toEqual({
      type: 'text',
      text: MEMORY_MALFORMED_ANSWER,
    });
  });
});
