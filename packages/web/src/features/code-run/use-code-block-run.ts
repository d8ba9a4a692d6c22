import type { ParleyFile, SavedToolCall } from '@parley/schema';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/startup-queries';
import { apiErrorText } from '../../api/api-error-text';
import { useHasPermission } from '../auth';
import { showToast } from '../toasts';
import { newRunId, useCodeRunQueue, useRunCode, useSavedToolCalls } from './code-run-api';
import { useCodeRunScope } from './code-run-scope';
import { runAllowed } from './run-allowed';

/** The spec's throttle: a block runs at most once per second (the first click counts). */
const RUN_THROTTLE_MS = 1000;

/** One result of running a block: what it printed and the files it wrote. */
export interface CodeRunOutcome {
  result: string;
  attachments: ParleyFile[];
}

function outcomeOf(call: SavedToolCall): CodeRunOutcome {
  return {
    result: typeof call.result === 'string' ? call.result : JSON.stringify(call.result),
    attachments: (call.attachments ?? []) as ParleyFile[],
  };
}

/**
 * The Run button's state for one code block: whether it can run here (see runAllowed), the block's results so far (newest last,
 * paged), `run`, throttled to once per second, and while the run waits for a free slot, how
 * many runs are ahead of it.
 */
export function useCodeBlockRun(code: string, lang: string) {
  const { t } = useTranslation();
  const scope = useCodeRunScope();
  const { data: config } = useStartupConfig();
  const rolePermits = useHasPermission('RUN_CODE', 'USE');
  const canRun = runAllowed({
    inAnswer: Boolean(scope),
    runCodeFeature: Boolean(config?.interface?.runCode),
    rolePermits,
    lang,
  });
  const blockIndex = scope?.blockIndexOf(code) ?? 0;
  const saved = useSavedToolCalls(scope?.conversationId ?? '', canRun);
  const runCode = useRunCode();
  const lastRun = useRef(0);
  const [page, setPage] = useState<number | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const waitingAhead = useCodeRunQueue(runId);

  const outcomes = canRun
    ? (saved.data ?? [])
        .filter(
          (call) =>
            call.toolId === 'execute_code' &&
            call.messageId === scope!.messageId &&
            call.partIndex === scope!.partIndex &&
            call.blockIndex === blockIndex,
        )
        .map(outcomeOf)
    : [];
  // Null follows the newest result; paging back pins an older one.
  const shown = outcomes.length === 0 ? -1 : Math.min(page ?? outcomes.length - 1, outcomes.length - 1);

  const run = useCallback(() => {
    if (!scope || runCode.isPending) return;
    const now = Date.now();
    if (now - lastRun.current < RUN_THROTTLE_MS) return;
    lastRun.current = now;
    const id = newRunId();
    setRunId(id);
    runCode.mutate(
      {
        conversationId: scope.conversationId,
        messageId: scope.messageId,
        partIndex: scope.partIndex,
        blockIndex,
        lang,
        code,
        runId: id,
      },
      {
        onSettled: () => setRunId(null),
        onSuccess: () => setPage(null),
        onError: (err) => {
          // The server's reason in the UI language where it has one (see apiErrorText).
          const reason = apiErrorText(err, '');
          showToast(
            reason ? `${t('com_ui_run_code_error')}: ${reason}` : t('com_ui_run_code_error'),
            'error',
          );
        },
      },
    );
  }, [scope, runCode, blockIndex, lang, code, t]);

  return {
    canRun,
    run,
    running: runCode.isPending,
    /** Runs ahead of this one while it waits for a free slot on the server; null when not waiting. */
    waitingAhead: runCode.isPending ? waitingAhead : null,
    outcomes,
    shown,
    showPage: setPage,
  };
}
