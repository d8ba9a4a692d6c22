import type { ToolCallResult } from '@parley/schema';
import type { Database } from '../../db/client.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { storeRunFiles } from './code-run-files.ts';
import { formatRunOutput } from './code-run-output.ts';
import type { CodeRunScheduler, WaitOptions } from './code-run-scheduler.ts';
import type { CodeRunner } from './code-runner.ts';
import { runCode } from './run-code.ts';

/** What running code for a user needs: the engines, and where the files it writes are kept. */
export interface CodeExecution {
  runner: CodeRunner;
  /** Shares the runner's slots among users: a fair share each, a short queue, a rate limit. */
  scheduler: CodeRunScheduler;
  db: Database;
  blobStore: BlobStore;
}

/** What a run waiting for a free slot shows (the tool call's progress line). */
export function waitingForSlotMessage(ahead: number): string {
  return ahead === 0 ? 'Waiting for a free slot — next in line' : `Waiting for a free slot — ${ahead} ahead`;
}

/**
 * Runs code for `userId` in `conversationId` (the execute_code tool and the Run button): the run's
 * printed result as text, and the files it wrote stored as the caller's attachments. The run
 * first takes one of the caller's fair share of slots, waiting in the queue when none is free
 * (`wait` cancels the wait and hears the position).
 */
export async function executeCode(
  execution: CodeExecution,
  userId: string,
  conversationId: string,
  input: { lang: string; code: string },
  wait: WaitOptions = {},
): Promise<ToolCallResult> {
  const release = await execution.scheduler.acquire(userId, wait);
  let run;
  try {
    run = await runCode(execution.runner, input.lang, input.code);
  } finally {
    release();
  }
  const attachments = await storeRunFiles(
    execution.db,
    execution.blobStore,
    userId,
    conversationId,
    run.files,
  );
  return { result: formatRunOutput(run, attachments), attachments };
}
