// Renders unit batches as Gemini's `streamGenerateContent?alt=sse` stream: one `data:` chunk per
// text or thought token, one per finished function call, the finish reason and usage merged into
// the batch's last chunk. A failure mid-stream is a `data: { error }` chunk.
import type { ServerResponse } from 'node:http';
import { BlockTracker, type BlockEvent } from '../blocks.ts';
import { dataEvent, dropConnection, startEventStream } from '../sse.ts';
import type { Unit } from '../units.ts';
import { googleErrorBody } from './errors.ts';
import { functionCallPart, generateContentResponse, type Part, type ResponseIdentity } from './response.ts';

export function createGeminiStreamWriter(
  res: ServerResponse,
  identity: ResponseIdentity,
  includeThoughts: boolean,
) {
  const tracker = new BlockTracker();
  startEventStream(res);

  /** The part one block event sends, if any: tokens as they come, function calls once complete. */
  const partOf = (event: BlockEvent): Part | undefined => {
    const { block } = event;
    if (event.type === 'delta' && block.kind === 'text') return { text: event.text };
    if (event.type === 'delta' && block.kind === 'reasoning' && includeThoughts) {
      return { text: event.text, thought: true };
    }
    if (event.type === 'stop' && block.kind === 'tool-call') return functionCallPart(block);
    return undefined;
  };

  return (batch: Unit[]): void => {
    const chunks: Part[][] = [];
    const collect = (events: BlockEvent[]): void => {
      for (const event of events) {
        const part = partOf(event);
        if (part) chunks.push([part]);
      }
    };
    const render = (finish?: Extract<Unit, { type: 'finish' }>): string => {
      if (finish && chunks.length === 0) chunks.push([]);
      return chunks
        .map((parts, index) =>
          dataEvent(
            generateContentResponse(identity, parts, index === chunks.length - 1 ? finish : undefined),
          ),
        )
        .join('');
    };

    for (const unit of batch) {
      collect(tracker.push(unit));
      if (unit.type === 'finish') {
        collect(tracker.close());
        return void res.end(render(unit));
      }
      if (unit.type === 'error') return void res.end(render() + dataEvent(googleErrorBody(unit.error)));
      if (unit.type === 'disconnect') {
        res.write(render());
        return dropConnection(res);
      }
    }
    if (chunks.length > 0) res.write(render());
  };
}
