import { setTimeout as delay } from 'node:timers/promises';
import type { Provider, ProviderEvent } from '../providers/provider.ts';
import type { CompletionPort, GenerationResult } from './completion-port.ts';
import type { GenerationManager } from './generation-manager.ts';

// Test helpers: a scripted provider and a job started the way the chat path starts one.

const RECOVERY = { endpoint: 'e', model: 'm', sender: 's', continued: false };

/** A provider that sends `count` text events `gapMs` apart, then finishes. */
export function slowProvider(count: number, gapMs: number): Provider {
  return {
    async *stream(request) {
      for (let i = 0; i < count; i++) {
        await delay(gapMs);
        if (request.signal.aborted) return;
        yield { type: 'text', text: `t${i} ` } satisfies ProviderEvent;
      }
      yield { type: 'finish', reason: 'stop', usage: { outputTokens: count } };
    },
    listModels: async () => [],
    complete: async () => '',
  };
}

/** Reserves the lane and starts a job on `provider`; `done` resolves with its result. */
export async function startJob(
  manager: GenerationManager,
  provider: Provider,
  { lane, userId = 'u' }: { lane: string; userId?: string },
) {
  const jobId = await manager.reserve(lane);
  let finish!: (result: GenerationResult) => void;
  const done = new Promise<GenerationResult>((r) => (finish = r));
  const port: CompletionPort = {
    requestSaved: () => Promise.resolve(),
    complete: async (result) => {
      finish(result);
      return { kind: 'f', json: '{"final":true}' };
    },
  };
  await manager.start(
    {
      jobId,
      userId,
      conversationId: lane,
      responseMessageId: 'r',
      init: { responseMessageId: 'r', requestMessage: { messageId: 'm' } as never, content: [] },
      createdJson: '{"created":true}',
      call: { provider, model: 'm', messages: [], parameters: {} },
    },
    port,
    RECOVERY,
  );
  return { jobId, done };
}
