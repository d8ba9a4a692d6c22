// Renders units as one `converse` answer. Units still arrive paced, so a non-streamed answer takes as
// long as the streamed one would.
import type { ServerResponse } from 'node:http';
import { BlockTracker } from '../blocks.ts';
import { sendJson } from '../http.ts';
import { dropConnection } from '../sse.ts';
import type { Unit } from '../units.ts';
import { sendBedrockError } from './errors.ts';
import { contentBlock, converseUsage, STOP_REASONS } from './message.ts';

export function createConverseJsonWriter(res: ServerResponse, cachedTokens: number) {
  const tracker = new BlockTracker();
  const startedAt = performance.now();
  return (batch: Unit[]): void => {
    for (const unit of batch) {
      tracker.push(unit);
      if (unit.type === 'finish') {
        return sendJson(res, 200, {
          output: { message: { role: 'assistant', content: tracker.blocks.map(contentBlock) } },
          stopReason: STOP_REASONS[unit.reason],
          usage: converseUsage(unit.usage, cachedTokens),
          metrics: { latencyMs: Math.round(performance.now() - startedAt) },
        });
      }
      if (unit.type === 'error') return sendBedrockError(res, unit.error);
      if (unit.type === 'disconnect') return dropConnection(res);
    }
  };
}
