import { codeRunInputSchema } from '@parley/schema';
import { executeCode, waitingForSlotMessage, type CodeExecution } from '../code-execution/execute-code.ts';
import { ToolAnswerWithFiles, type Tool } from './tool.ts';

/** The tool's id, as agents list it and the Run button's calls name it. */
export const EXECUTE_CODE = 'execute_code';

/**
 * `execute_code`: runs Python (Pyodide) or JavaScript/TypeScript (QuickJS) on this server, with
 * no network, a time and memory limit and a fresh file system per run. The description tells the
 * model what the engines can and cannot do, so it does not write code that needs numpy.
 */
export function executeCodeTool(execution: CodeExecution): Tool<typeof codeRunInputSchema> {
  const seconds = Math.round(execution.runner.limits.timeoutMs / 1000);
  return {
    name: EXECUTE_CODE,
    description:
      'Runs code and returns what it prints. Languages: python (py), javascript (js, node) and ' +
      'typescript (ts); others are not supported here. Python is CPython compiled to WebAssembly ' +
      '(Pyodide) with the standard library only: no numpy, pandas, matplotlib or other packages, ' +
      "and no pip. JavaScript runs in QuickJS (ES2023, console.log; no fetch and no Node.js modules except require('fs') " +
      'with writeFileSync, appendFileSync, readFileSync, readdirSync, mkdirSync, existsSync, unlinkSync). ' +
      'There is no network. Each run starts fresh: no state or files carry over between runs. ' +
      `A run may take at most ${seconds} seconds. Files written under /mnt/data (the working ` +
      'directory) are returned to the user as downloadable files. Print results you need.',
    input: codeRunInputSchema,
    authConfig: [],
    icon: 'code',
    timeoutMs: execution.runner.limits.timeoutMs + 60_000,
    async run(input, context) {
      // A run that waits for a free slot says so in the call's progress; stopping the answer
      // takes it out of the queue.
      const answer = await executeCode(execution, context.userId, context.conversationId, input, {
        signal: context.signal,
        onWaiting: (ahead) =>
          context.reportProgress?.({ progress: 0, message: waitingForSlotMessage(ahead) }),
      });
      // The model reads the same result as before; the files it wrote also reach the answer as
      // its attachments (the `attachment` stream event).
      return new ToolAnswerWithFiles(answer, answer.attachments);
    },
  };
}
