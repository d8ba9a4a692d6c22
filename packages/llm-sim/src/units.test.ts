import { describe, expect, it } from 'vitest';
import { scheduleUnits } from './player.ts';
import type { Script } from './script.ts';
import { expandScript, type Unit } from './units.ts';

const script: Script = {
  events: [
    { type: 'reasoning', text: 'hmm ok' },
    { type: 'text', text: 'one two three' },
    { type: 'finish', reason: 'stop' },
  ],
};

describe('expandScript', () => {
  it('turns text into one unit per token and fills the usage', () => {
    const units = expandScript(script, { promptTokens: 7 });
    expect(units.map((unit) => unit.type)).toEqual([
      'reasoning',
      'reasoning',
      'text',
      'text',
      'text',
      'finish',
    ]);
    expect(units.at(-1)).toEqual({
      type: 'finish',
      reason: 'stop',
      usage: { promptTokens: 7, completionTokens: 5, reasoningTokens: 2 },
    });
  });

  it('cuts at maxTokens and finishes with length', () => {
    const units = expandScript(script, { promptTokens: 0, maxTokens: 3 });
    expect(units.map((unit) => unit.type)).toEqual(['reasoning', 'reasoning', 'text', 'finish']);
    expect(units.at(-1)).toMatchObject({ reason: 'length', usage: { completionTokens: 3 } });
  });

  it('splits tool-call arguments into several deltas that rebuild the JSON', () => {
    const args = JSON.stringify({ location: 'Paris', unit: 'celsius' });
    const units = expandScript(
      {
        events: [
          { type: 'tool-call', id: 'call_1', name: 'f', arguments: args },
          { type: 'finish', reason: 'tool-calls' },
        ],
      },
      { promptTokens: 0 },
    );
    expect(units[0]).toEqual({ type: 'tool-call-start', index: 0, id: 'call_1', name: 'f' });
    const deltas = units.filter((unit) => unit.type === 'tool-call-delta');
    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas.map((unit) => unit.text).join('')).toBe(args);
  });
});

describe('scheduleUnits', () => {
  const units: Unit[] = [
    { type: 'tool-call-start', index: 0, id: 'c', name: 'f' },
    { type: 'tool-call-delta', index: 0, text: '{}' },
    { type: 'text', text: 'a ' },
    { type: 'finish', reason: 'stop', usage: { promptTokens: 0, completionTokens: 2, reasoningTokens: 0 } },
  ];

  it('spaces paced units by the rate after the first-token delay', () => {
    expect(scheduleUnits(units, { tokensPerSecond: 10, firstTokenDelayMs: 50 })).toEqual([50, 50, 150, 150]);
  });

  it('sends an error that leads the script at once', () => {
    const error: Unit = { type: 'error', error: { kind: 'server-error', status: 500, message: 'x' } };
    expect(scheduleUnits([error], { tokensPerSecond: 10, firstTokenDelayMs: 500 })).toEqual([0]);
  });

  it('emits everything at the delay when the rate is infinite', () => {
    expect(scheduleUnits(units, { tokensPerSecond: Infinity, firstTokenDelayMs: 0 })).toEqual([0, 0, 0, 0]);
  });
});
