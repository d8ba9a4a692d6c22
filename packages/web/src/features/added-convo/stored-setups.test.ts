import { describe, expect, it } from 'vitest';
import { KEPT_CONVERSATIONS, newestSetups, storedSetups } from './stored-setups';

describe('storedSetups', () => {
  it('keeps entries that name an endpoint and a model, with their parameters', () => {
    const setups = {
      c1: { endpoint: 'Sim', endpointType: 'custom', model: 'slow', temperature: 0.4 },
      c2: { endpoint: 'agents', endpointType: null, model: '', agent_id: 'agent_x' },
      new: { endpoint: 'openAI', model: 'gpt-4o' },
    };
    expect(storedSetups(setups)).toEqual(setups);
  });

  it('drops damaged or hand-edited entries instead of sending them', () => {
    expect(
      storedSetups({
        noEndpoint: { model: 'slow' },
        emptyEndpoint: { endpoint: '', model: 'slow' },
        numberModel: { endpoint: 'Sim', model: 7 },
        badType: { endpoint: 'Sim', model: 'slow', endpointType: 3 },
        text: 'Sim/slow',
        list: [{ endpoint: 'Sim', model: 'slow' }],
        nothing: null,
        kept: { endpoint: 'Sim', model: 'echo' },
      }),
    ).toEqual({ kept: { endpoint: 'Sim', model: 'echo' } });
  });

  it('reads anything that is not an object of entries as none', () => {
    for (const value of [null, undefined, 'x', 42, true, [], [['c1', { endpoint: 'Sim', model: 'a' }]]])
      expect(storedSetups(value)).toEqual({});
  });
});

describe('newestSetups', () => {
  it('keeps the newest entries, dropping the oldest', () => {
    const many = Object.fromEntries(
      Array.from({ length: KEPT_CONVERSATIONS + 5 }, (_, i) => [`c${i}`, { endpoint: 'Sim', model: 'm' }]),
    );
    const kept = Object.keys(newestSetups(many));
    expect(kept).toHaveLength(KEPT_CONVERSATIONS);
    expect(kept[0]).toBe('c5');
    expect(kept.at(-1)).toBe(`c${KEPT_CONVERSATIONS + 4}`);
  });
});
