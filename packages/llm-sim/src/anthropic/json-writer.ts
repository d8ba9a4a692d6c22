// Renders units as one Anthropic `message` (`stream` absent or false). Units still arrive paced, so a
// non-streamed answer takes as long as the streamed one would.
import type { ServerResponse } from 'node:http';
import { BlockTracker } from '../blocks.ts';
import { sendJson } from '../http.ts';
import { dropConnection } from '../sse.ts';
import type { Unit } from '../units.ts';
import { sendAnthropicError } from './errors.ts';
import { contentBlock, messageObject, type MessageIdentity } from './message.ts';

export function createAnthropicJsonWriter(res: ServerResponse, identity: MessageIdentity) {
  const tracker = new BlockTracker();
  return (batch: Unit[]): void => {
    for (const unit of batch) {
      tracker.push(unit);
      if (unit.type === 'finish') {
        return sendJson(res, 200, messageObject(identity, tracker.blocks.map(contentBlock), unit));
      }
      if (unit.type === 'error') return sendAnthropicError(res, unit.error);
      if (unit.type === 'disconnect') return dropConnection(res);
    }
  };
}
