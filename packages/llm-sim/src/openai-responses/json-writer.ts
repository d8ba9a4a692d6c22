// Renders units as one `response` object (`stream` absent or false). Units still arrive paced, so a
// non-streamed answer takes as long as the streamed one would.
import type { ServerResponse } from 'node:http';
import { BlockTracker } from '../blocks.ts';
import { sendJson } from '../http.ts';
import { sendOpenAIError } from '../openai/errors.ts';
import { dropConnection } from '../sse.ts';
import type { Unit } from '../units.ts';
import {
  finishedStatus,
  ItemIds,
  outputItem,
  responseObject,
  type ResponseIdentity,
} from './response-object.ts';

export function createResponsesJsonWriter(res: ServerResponse, identity: ResponseIdentity) {
  const tracker = new BlockTracker();
  const ids = new ItemIds();
  return (batch: Unit[]): void => {
    for (const unit of batch) {
      tracker.push(unit);
      if (unit.type === 'finish') {
        const output = tracker.blocks.map((block) => outputItem(block, ids.of(block), true));
        const response = responseObject(identity, finishedStatus(unit.reason), { output, usage: unit.usage });
        return sendJson(res, 200, response);
      }
      if (unit.type === 'error') return sendOpenAIError(res, unit.error);
      if (unit.type === 'disconnect') return dropConnection(res);
    }
  };
}
