// Renders unit batches as a Chat Completions SSE stream: one chunk per unit, the role on the first
// delta, a finish chunk, the optional usage chunk, then `[DONE]`. Each batch is one socket write.
import type { ServerResponse } from 'node:http';
import { dataEvent, dropConnection, startEventStream } from '../sse.ts';
import type { Unit } from '../units.ts';
import { chunk, FINISH_REASONS, unitDelta, usageChunk, type CompletionIdentity } from './chunks.ts';
import { openAIErrorBody } from './errors.ts';

export interface StreamWriterOptions {
  res: ServerResponse;
  identity: CompletionIdentity;
  includeUsage: boolean;
}

export function createStreamWriter({ res, identity, includeUsage }: StreamWriterOptions) {
  startEventStream(res);
  let roleSent = false;

  // The first delta of a completion announces the role, whatever it carries.
  const withRole = (delta: object): object => {
    if (roleSent) return delta;
    roleSent = true;
    return { role: 'assistant', ...delta };
  };

  return (batch: Unit[]): void => {
    let out = '';
    for (const unit of batch) {
      const delta = unitDelta(unit);
      if (delta) {
        out += dataEvent(chunk(identity, withRole(delta)));
      } else if (unit.type === 'finish') {
        out += dataEvent(chunk(identity, withRole({}), FINISH_REASONS[unit.reason]));
        if (includeUsage) out += dataEvent(usageChunk(identity, unit.usage));
        out += dataEvent('[DONE]');
        return void res.end(out);
      } else if (unit.type === 'error') {
        // Mid-stream failures arrive as an `error` event, which the OpenAI SDK raises as APIError.
        return void res.end(out + dataEvent(openAIErrorBody(unit.error)));
      } else if (unit.type === 'disconnect') {
        res.write(out);
        return dropConnection(res);
      }
    }
    if (out) res.write(out);
  };
}
