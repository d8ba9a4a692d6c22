import { describe, expect, it } from 'vitest';
import { MEMORY_ANSWER_MAX_CHARS, MEMORY_INSTRUCTIONS_MAX, readMemoryAnswer } from './memory-step-answer.ts';

const answer = (updates: unknown[]) => JSON.stringify({ updates });

describe('readMemoryAnswer', () => {
  it('reads sets and deletes, in order', () => {
    const read = readMemoryAnswer(
      answer([
        { type: 'set', key: 'city', value: 'Paris' },
        { type: 'delete', key: 'job' },
      ]),
      null,
    );
    expect(read).toEqual({
      ok: true,
      instructions: [
        { type: 'set', key: 'city', value: 'Paris' },
        { type: 'delete', key: 'job' },
      ],
      refused: [],
    });
  });

  it('accepts the object inside a json code fence, and an empty list', () => {
    const read = readMemoryAnswer('```json\n{"updates": []}\n```', null);
    expect(read).toEqual({ ok: true, instructions: [], refused: [] });
  });

  it.each([
    ['prose', 'I will remember that the user lives in Paris.'],
    ['broken JSON', '{"updates": [{"type": "set", "key": "city"'],
    ['a list instead of the object', '[{"type":"set","key":"a","value":"b"}]'],
    ['no updates field', '{"changes": []}'],
    ['an extra field', '{"updates": [], "note": "x"}'],
    ['updates not a list', '{"updates": {"type": "set"}}'],
    ['JSON null', 'null'],
    ['text around the object', 'Here you go: {"updates": []}'],
  ])('refuses a malformed answer whole: %s', (_name, text) => {
    const read = readMemoryAnswer(text, null);
    expect(read.ok).toBe(false);
  });

  it('refuses an answer past the size limit unread', () => {
    const huge = answer([{ type: 'set', key: 'a', value: 'x'.repeat(MEMORY_ANSWER_MAX_CHARS) }]);
    expect(readMemoryAnswer(huge, null)).toEqual({ ok: false, reason: expect.stringMatching(/longer/) });
  });

  it('refuses each bad instruction on its own and keeps the good ones', () => {
    const read = readMemoryAnswer(
      answer([
        { type: 'set', key: 'k'.repeat(101), value: 'too long a key' },
        { type: 'set', key: 'has space', value: 'x' },
        { type: 'set', key: 'preferences', value: 'reserved' },
        { type: 'set', key: 'empty', value: '   ' },
        { type: 'set', key: 'long', value: 'v'.repeat(10_001) },
        { type: 'rename', key: 'a', to: 'b' },
        { type: 'set', key: 'extra', value: 'x', why: 'because' },
        'set city Paris',
        { type: 'set', key: 'city', value: 'Paris' },
        { type: 'delete', key: 'city' },
      ]),
      null,
    );
    if (!read.ok) throw new Error('expected the answer to be read');
    expect(read.instructions).toEqual([{ type: 'set', key: 'city', value: 'Paris' }]);
    expect(read.refused.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 9]);
    expect(read.refused[8]).toMatchObject({ key: 'city', reason: 'key already named in this answer' });
    expect(read.refused[0]!.reason).toMatch(/too long/);
    expect(read.refused[0]!.key).toHaveLength(101);
  });

  it('refuses an instruction without a key', () => {
    const read = readMemoryAnswer(answer([{ type: 'delete' }, { type: 'set', value: 'x' }]), null);
    expect(read).toMatchObject({ ok: true, instructions: [], refused: [{ index: 0 }, { index: 1 }] });
  });

  it('refuses keys outside validKeys', () => {
    const read = readMemoryAnswer(
      answer([
        { type: 'set', key: 'name', value: 'Ada' },
        { type: 'set', key: 'shoe_size', value: '38' },
        { type: 'delete', key: 'shoe_size' },
      ]),
      ['name', 'job'],
    );
    if (!read.ok) throw new Error('expected the answer to be read');
    expect(read.instructions).toEqual([{ type: 'set', key: 'name', value: 'Ada' }]);
    expect(read.refused).toEqual([
      { index: 1, key: 'shoe_size', reason: 'key is not one of the valid keys' },
      { index: 2, key: 'shoe_size', reason: 'key is not one of the valid keys' },
    ]);
  });

  it(`carries out at most ${MEMORY_INSTRUCTIONS_MAX} updates`, () => {
    const updates = Array.from({ length: MEMORY_INSTRUCTIONS_MAX + 2 }, (_, i) => ({
      type: 'set',
      key: `k${i}`,
      value: 'v',
    }));
    const read = readMemoryAnswer(answer(updates), null);
    if (!read.ok) throw new Error('expected the answer to be read');
    expect(read.instructions).toHaveLength(MEMORY_INSTRUCTIONS_MAX);
    expect(read.refused.map((r) => r.key)).toEqual([
      `k${MEMORY_INSTRUCTIONS_MAX}`,
      `k${MEMORY_INSTRUCTIONS_MAX + 1}`,
    ]);
  });
});
