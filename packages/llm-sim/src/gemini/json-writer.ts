// Renders units as one `GenerateContentResponse` (`:generateContent`). Units still arrive paced, so
// a non-streamed answer takes as long as the streamed one would.
import type { ServerResponse } from 'node:http';
import { BlockTracker, type Block } from '../blocks.ts';
import { sendJson } from '../http.ts';
import { dropConnection } from '../sse.ts';
import type { Unit } from '../units.ts';
import { sendGoogleError } from './errors.ts';
import { functionCallPart, generateContentResponse, type Part, type ResponseIdentity } from './response.ts';

export function createGeminiJsonWriter(
  res: ServerResponse,
  identity: ResponseIdentity,
  includeThoughts: boolean,
) {
  const tracker = new BlockTracker();
  const partOf = (block: Block): Part | undefined => {
    if (block.kind === 'text') return { text: block.text };
    if (block.kind === 'reasoning') return includeThoughts ? { text: block.text, thought: true } : undefined;
    return functionCallPart(block);
  };
  return (batch: Unit[]): void => {
    for (const unit of batch) {
      tracker.push(unit);
      if (unit.type === 'finish') {
        const parts = tracker.blocks.map(partOf).filter((part): part is Part => part !== undefined);
        return sendJson(res, 200, generateContentResponse(identity, parts, unit));
      }
      if (unit.type === 'error') return sendGoogleError(res, unit.error);
      if (unit.type === 'disconnect') return dropConnection(res);
    }
  };
}
