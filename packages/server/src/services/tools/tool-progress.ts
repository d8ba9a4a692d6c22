import type { AnswerEvent } from '../generation/answer-event.ts';
import type { ToolProgress } from './tool.ts';

/** The longest progress message shown; a server's longer text is cut. */
export const PROGRESS_MESSAGE_CHARS = 300;

/** The share of a call shown while it runs: never below where it started, never done before its result. */
const PROGRESS_FLOOR = 0.1;
const PROGRESS_CEILING = 0.95;

/**
 * A progress report as the stream carries it: with a known total, the share done scaled between
 * the call's start and its end (which only the result reaches); without one, only the message.
 */
export function progressEvent(id: string, report: ToolProgress): AnswerEvent {
  const message =
    typeof report.message === 'string' ? report.message.slice(0, PROGRESS_MESSAGE_CHARS) : undefined;
  const share =
    report.total && report.total > 0 && Number.isFinite(report.progress)
      ? Math.min(1, Math.max(0, report.progress / report.total))
      : undefined;
  return {
    type: 'tool-progress',
    id,
    ...(share !== undefined
      ? { progress: PROGRESS_FLOOR + share * (PROGRESS_CEILING - PROGRESS_FLOOR) }
      : {}),
    ...(message ? { message } : {}),
  };
}
