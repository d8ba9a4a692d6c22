import { describe, expect, it } from 'vitest';
import { MemoryBus } from '../../bus/memory-bus.ts';
import type { Provider, ProviderEvent, ProviderRequest } from '../providers/provider.ts';
import type { CompletionPort, GenerationResult } from './completion-port.ts';
import { GenerationJob, type GenerationSpec } from './generation-job.ts';
import { JobChannel } from './job-channel.ts';
import { decodeEntry } from './job-entry.ts';
import { jobKeys } from './job-keys.ts';

/** A provider that plays `events`, waiting `gapMs` between them, and records its requests. */
function fakeProvider(events: ProviderEvent[], gapMs = 0) {
  const requests: ProviderRequest[] = [];
  const provider: Provider = {
    async *stream(request) {
      requests.push(request);
      for (const event of events) {
        if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
        if (request.signal.aborted) return;
        yield event;
      }
    },
    listModels: async () => [],
    complete: async () => '',
  };
  return { provider, requests };
}

async function runJob(
  provider: Provider | null,
  ready: Promise<unknown>,
  control?: (job: GenerationJob) => void,
) {
  const bus = new MemoryBus();
  const results: GenerationResult[] = [];
  let settled = 0;
  const spec: GenerationSpec = {
    jobId: 'job',
    userId: 'u',
    conversationId: 'c',
    responseMessageId: 'r',
    init: { responseMessageId: 'r', requestMessage: { messageId: 'm' } as never, content: [] },
    createdJson: '{"created":true}',
    call: {
      provider,
      missingProvider: { message: 'no key', key: 'no_user_key' },
      model: 'echo',
      messages: [{ role: 'user', content: 'hi' }],
      parameters: {},
    },
  };
  const port: CompletionPort = {
    requestSaved: () => ready,
    complete: async (result) => {
      results.push(result);
      return { kind: result.outcome === 'error' ? 'e' : 'f', json: `{"outcome":"${result.outcome}"}` };
    },
  };
  const job = new GenerationJob(spec, port, new JobChannel(bus, 'job', () => undefined), {
    failed: () => undefined,
    settle: async () => {
      settled++;
    },
    firstOutput: () => undefined,
  });
  job.start();
  control?.(job);
  await job.done;
  const log = (await bus.range(jobKeys.log('job'), 0)).map((e) => decodeEntry(e)!);
  await bus.close();
  return { results, settled, log };
}

describe('GenerationJob', () => {
  it('publishes init, created, steps, then the terminal event from complete()', async () => {
    const { provider } = fakeProvider([
      { type: 'text', text: 'Hi' },
      { type: 'finish', reason: 'stop', usage: { outputTokens: 1 } },
    ]);
    const { results, settled, log } = await runJob(provider, Promise.resolve());
    expect(log.map((e) => e.kind)).toEqual(['i', 'm', 'm', 'm', 'f']);
    expect(log.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4]);
    expect(results[0]).toMatchObject({ outcome: 'done', text: 'Hi', finishReason: 'stop' });
    expect(settled).toBe(1);
  });

  it('a stream that ends without finish is a lost upstream', async () => {
    const { provider } = fakeProvider([{ type: 'text', text: 'cut' }]);
    const { results } = await runJob(provider, Promise.resolve());
    expect(results[0]).toMatchObject({ outcome: 'lost', text: 'cut' });
  });

  // Who stopped it decides how the answer is saved: as stopped by its user, or as interrupted.
  it.each([
    ['user', 'stopped'],
    ['server', 'aborted'],
  ] as const)('a stop by the %s: the partial answer with outcome %s', async (by, outcome) => {
    const { provider } = fakeProvider(
      Array.from({ length: 50 }, () => ({ type: 'text', text: 'x' }) as ProviderEvent),
      5,
    );
    const { results } = await runJob(provider, Promise.resolve(), (job) =>
      setTimeout(() => job.abort(by), 40),
    );
    expect(results[0]!.outcome).toBe(outcome);
    expect(results[0]!.text.length).toBeGreaterThan(0);
    expect(results[0]!.text.length).toBeLessThan(50);
  });

  it('no provider: an error outcome with the missing-provider failure', async () => {
    const { results } = await runJob(null, Promise.resolve());
    expect(results[0]).toMatchObject({ outcome: 'error', failure: { key: 'no_user_key' } });
  });

  it('a failed request-message write drops the upstream call and publishes nothing but an error', async () => {
    const { provider, requests } = fakeProvider([{ type: 'text', text: 'never' }], 20);
    const { results, settled, log } = await runJob(provider, Promise.reject(new Error('insert failed')));
    expect(requests).toHaveLength(1);
    expect(requests[0]!.signal.aborted).toBe(true);
    expect(results).toEqual([]);
    expect(settled).toBe(1);
    expect(log.map((e) => e.kind)).toEqual(['e']);
  });
});
