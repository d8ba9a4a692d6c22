import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Tool } from './tool.ts';
import { runToolCall, type ToolCallScope } from './tool-call-runner.ts';
import { SignInWaits } from './tool-sign-in.ts';
import { PROGRESS_MESSAGE_CHARS, progressEvent } from './tool-progress.ts';

describe('progressEvent', () => {
  it('scales the share done between the call’s start (0.1) and below its end (1)', () => {
    expect(progressEvent('c', { progress: 0, total: 4 })).toEqual({
      type: 'tool-progress',
      id: 'c',
      progress: 0.1,
    });
    const half = progressEvent('c', { progress: 2, total: 4, message: 'halfway' });
    expect(half).toMatchObject({ progress: expect.closeTo(0.525, 5), message: 'halfway' });
    expect(progressEvent('c', { progress: 4, total: 4 })).toMatchObject({ progress: 0.95 });
  });

  it('keeps a server’s odd numbers inside the bar and reports only the message without a total', () => {
    expect(progressEvent('c', { progress: 9, total: 4 })).toMatchObject({ progress: 0.95 });
    expect(progressEvent('c', { progress: -3, total: 4 })).toMatchObject({ progress: 0.1 });
    expect(progressEvent('c', { progress: 3 })).toEqual({ type: 'tool-progress', id: 'c' });
    expect(progressEvent('c', { progress: 3, total: 0, message: 'working' })).toEqual({
      type: 'tool-progress',
      id: 'c',
      message: 'working',
    });
    expect(progressEvent('c', { progress: Number.NaN, total: 4 })).not.toHaveProperty('progress');
  });

  it('cuts a long message and ignores one that is not text', () => {
    const long = progressEvent('c', { progress: 1, message: 'x'.repeat(10_000) });
    expect((long as { message: string }).message).toHaveLength(PROGRESS_MESSAGE_CHARS);
    expect(progressEvent('c', { progress: 1, message: 42 as unknown as string })).not.toHaveProperty(
      'message',
    );
  });
});

describe('the progress a running call reports', () => {
  const run = async (reports: { progress: number; message?: string }[]) => {
    const seen: (string | undefined)[] = [];
    const tool: Tool = {
      name: 'steps',
      description: 'd',
      input: z.object({}),
      authConfig: [],
      run: async (_input, context) => {
        for (const report of reports) context.reportProgress?.({ ...report, total: 3 });
        return 'done';
      },
    };
    const scope: ToolCallScope = {
      userId: 'ann',
      conversationId: 'c',
      signal: new AbortController().signal,
      credentials: async () => ({}),
      authWait: { waitMs: 1_000, pollMs: 10 },
      signIns: new SignInWaits(),
      needsAuth: () => undefined,
      progress: (_id, progress) => seen.push(progress.message),
    };
    expect(await runToolCall({ id: 'c1', name: 'steps', args: '{}' }, tool, scope)).toEqual({
      output: 'done',
    });
    return seen;
  };

  it('passes every new step at once, however quickly it follows the last', async () => {
    expect(
      await run([
        { progress: 0, message: 'Searching the web' },
        { progress: 1, message: 'Reading 3 sources' },
        { progress: 2, message: 'Reranking the passages' },
      ]),
    ).toEqual(['Searching the web', 'Reading 3 sources', 'Reranking the passages']);
  });

  it('drops repeats of the same step that come too soon', async () => {
    const reports = Array.from({ length: 20 }, (_, i) => ({ progress: i / 20, message: 'Working' }));
    expect(await run(reports)).toEqual(['Working']);
  });
});
