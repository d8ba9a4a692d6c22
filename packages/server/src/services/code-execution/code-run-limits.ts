import type { Env } from '../../config/env.ts';
import type { CodeRunSchedule } from './code-run-scheduler.ts';
import { DEFAULT_CODE_RUN_LIMITS, type CodeRunLimits } from './code-runner.ts';

/** The code-run limits from the environment (CODE_RUN_*), the others at their defaults. */
export function codeRunLimits(
  env: Pick<Env, 'CODE_RUN_TIMEOUT_MS' | 'CODE_RUN_MEMORY_MB' | 'CODE_RUN_CONCURRENCY'>,
): CodeRunLimits {
  return {
    ...DEFAULT_CODE_RUN_LIMITS,
    timeoutMs: Math.max(1000, env.CODE_RUN_TIMEOUT_MS),
    memoryBytes: Math.max(128, env.CODE_RUN_MEMORY_MB) * 1024 * 1024,
    maxConcurrent: Math.max(1, env.CODE_RUN_CONCURRENCY),
  };
}

/** How the slots are shared (CODE_RUN_CONCURRENCY, CODE_RUN_QUEUE_MAX, CODE_RUN_RATE_PER_MINUTE). */
export function codeRunSchedule(
  env: Pick<Env, 'CODE_RUN_CONCURRENCY' | 'CODE_RUN_QUEUE_MAX' | 'CODE_RUN_RATE_PER_MINUTE'>,
): CodeRunSchedule {
  return {
    slots: Math.max(1, env.CODE_RUN_CONCURRENCY),
    queueMax: Math.max(0, env.CODE_RUN_QUEUE_MAX),
    perUserPerMinute: Math.max(1, env.CODE_RUN_RATE_PER_MINUTE),
  };
}
