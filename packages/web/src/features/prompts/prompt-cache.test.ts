import type { PromptGroup, PromptVersion } from '@parley/schema';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { productionMutation } from './production-mutation';
import { afterVersionDeleted } from './prompt-cache-rules';
import { promptKeys } from './prompts-api';

const version = (id: string): PromptVersion => ({
  _id: id,
  groupId: 'g1',
  author: 'u1',
  type: 'text',
  prompt: `text ${id}`,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const group: PromptGroup = {
  _id: 'g1',
  name: 'Group',
  category: '',
  oneliner: '',
  author: 'u1',
  authorName: 'U',
  productionId: 'v1',
  productionPrompt: { prompt: 'text v1' },
  projectIds: [],
  numberOfGenerations: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('make production', () => {
  function setup(send: () => Promise<unknown>) {
    const client = new QueryClient();
    client.setQueryData(promptKeys.group('g1'), group);
    const calls = { failures: 0, done: 0 };
    const observer = new MutationObserver(
      client,
      productionMutation(client, 'g1', {
        send,
        onFailure: () => (calls.failures += 1),
        onDone: () => (calls.done += 1),
      }),
    );
    return { client, observer, calls };
  }

  it('shows the new production version before the server answers', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { client, observer, calls } = setup(() => new Promise((resolve) => (answer = resolve)));
    const running = observer.mutate(version('v2'));
    // The call is on the wire once the send function has run.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(client.getQueryData<PromptGroup>(promptKeys.group('g1'))).toMatchObject({
      productionId: 'v2',
      productionPrompt: { prompt: 'text v2' },
    });
    answer({});
    await running;
    expect(calls).toEqual({ failures: 0, done: 1 });
  });

  it('puts the group back and reports the failure when the call fails', async () => {
    const { client, observer, calls } = setup(() => Promise.reject(new Error('no')));
    await expect(observer.mutate(version('v2'))).rejects.toThrow('no');
    expect(client.getQueryData(promptKeys.group('g1'))).toEqual(group);
    expect(calls).toEqual({ failures: 1, done: 0 });
  });
});

describe('deleting a version', () => {
  const versions = [version('v3'), version('v2'), version('v1')];

  it('moves production to the first remaining version when the deleted one held it', () => {
    const next = afterVersionDeleted(versions, { ...group, productionId: 'v3' }, 'v3');
    expect(next.versions.map((v) => v._id)).toEqual(['v2', 'v1']);
    expect(next.group).toMatchObject({ productionId: 'v2', productionPrompt: { prompt: 'text v2' } });
  });

  it('keeps production when another version is deleted', () => {
    const next = afterVersionDeleted(versions, group, 'v2');
    expect(next.versions.map((v) => v._id)).toEqual(['v3', 'v1']);
    expect(next.group).toBe(group);
  });
});
