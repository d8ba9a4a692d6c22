/**
 * The step events written on the hot path (one per token), pre-serialised: the caller passes
 * JSON-encoded strings (ids, text) it encoded once, and no object is built or re-serialised per
 * token. Each template produces exactly the shape its type in `events.ts` names;
 * `step-event-json.test.ts` parses every one of them against the event schemas.
 */
export const stepEventJson = {
  /** `on_run_step`; `detailsJson` is the encoded `stepDetails`. */
  runStep(
    idJson: string,
    runIdJson: string,
    index: number,
    stepIndex: number,
    type: 'message_creation' | 'tool_calls',
    detailsJson: string,
  ): string {
    return `{"event":"on_run_step","data":{"id":${idJson},"runId":${runIdJson},"index":${index},"stepIndex":${stepIndex},"type":"${type}","stepDetails":${detailsJson}}}`;
  },
  /** `on_message_delta` carrying one text piece. */
  messageDelta(idJson: string, textJson: string): string {
    return `{"event":"on_message_delta","data":{"id":${idJson},"delta":{"content":[{"type":"text","text":${textJson}}]}}}`;
  },
  /** `on_reasoning_delta` carrying one reasoning piece. */
  reasoningDelta(idJson: string, thinkJson: string): string {
    return `{"event":"on_reasoning_delta","data":{"id":${idJson},"delta":{"content":[{"type":"think","think":${thinkJson}}]}}}`;
  },
  /** `on_run_step_delta`; `deltaJson` is the encoded `delta` (tool call argument chunks). */
  runStepDelta(idJson: string, deltaJson: string): string {
    return `{"event":"on_run_step_delta","data":{"id":${idJson},"delta":${deltaJson}}}`;
  },
};
