import { describe, expect, it } from 'vitest';
import { CodeRunScheduler } from '../code-execution/code-run-scheduler.ts';
import { CodeRunner, DEFAULT_CODE_RUN_LIMITS } from '../code-execution/code-runner.ts';
import type { CodeExecution } from '../code-execution/execute-code.ts';
import { executeCodeTool } from './execute-code-tool.ts';
import type { ToolProgress } from './tool.ts';

/**
 * The execute_code tool waits for a free slot like the Run button does: its call's progress line
 * says where it waits, and stopping the answer takes it out of the queue. No code runs here: the
 * user's one slot is held by the test, and the waiting call is stopped before it gets one.
 */
describe('execute_code in a chat, when the user’s slots are taken', () => {
  it('reports its place as the call’s progress and leaves the queue when stopped', async () => {
    const scheduler = new CodeRunScheduler({ slots: 2, queueMax: 4, perUserPerMinute: 10 });
    const execution = {
      runner: new CodeRunner(DEFAULT_CODE_RUN_LIMITS, false),
      scheduler,
      db: {},
      blobStore: {},
    } as unknown as CodeExecution;
    const tool = executeCodeTool(execution);
    const release = await scheduler.acquire('u1');
    const stop = new AbortController();
    const progress: ToolProgress[] = [];
    const call = tool.run(
      { lang: 'python', code: 'print(1)' },
      {
        userId: 'u1',
        conversationId: 'c1',
        credentials: {},
        signal: stop.signal,
        reportProgress: (p) => progress.push(p),
      },
    );
    await expect.poll(() => progress.length).toBe(1);
    expect(progress[0]).toEqual({ progress: 0, message: 'Waiting for a free slot — next in line' });
    expect(scheduler.load).toEqual({ running: 1, waiting: 1 });
    stop.abort();
    await expect(call).rejects.toThrow(/cancelled while it waited/);
    expect(scheduler.load).toEqual({ running: 1, waiting: 0 });
    release();
  });

  it('refuses clearly when the user started too many runs this minute', async () => {
    const scheduler = new CodeRunScheduler({ slots: 4, queueMax: 4, perUserPerMinute: 1 });
    (await scheduler.acquire('u1'))();
    const tool = executeCodeTool({
      runner: new CodeRunner(DEFAULT_CODE_RUN_LIMITS, false),
      scheduler,
    } as unknown as CodeExecution);
    await expect(
      tool.run(
        { lang: 'js', code: '1' },
        { userId: 'u1', conversationId: 'c1', credentials: {}, signal: new AbortController().signal },
      ),
    ).rejects.toThrow(/limit of 1 code runs per minute/);
  });
});
