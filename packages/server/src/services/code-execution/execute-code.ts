import type { ToolCallResult } from '@parley/schema';
import type { Database } from '../../db/client.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { storeRunFiles } from './code-run-files.ts';
import { formatRunOutput } from './code-run-output.ts';
import type { CodeRunner } from './code-runner.ts';
import { runCode } from './run-code.ts';

/** What running code for a user needs: the engines, and where the files it writes are kept. */
export interface CodeExecution {
  runner: CodeRunner;
  db: Database;
  blobStore: BlobStore;
}

/**
 * Runs code for `userId` in `conversationId` (the execute_code tool and the Run button): the run's
 * printed result as text, and the files it wrote stored as the caller's attachments.
 */
export async function executeCode(
  execution: CodeExecution,
  userId: string,
  conversationId: string,
  input: { lang: string; code: string },
): Promise<ToolCallResult> {
  const run = await runCode(execution.runner, input.lang, input.code);
  const attachments = await storeRunFiles(
    execution.db,
    execution.blobStore,
    userId,
    conversationId,
    run.files,
  );
  return { result: formatRunOutput(run, attachments), attachments };
}
