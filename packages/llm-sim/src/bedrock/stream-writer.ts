// Renders unit batches as a ConverseStream event stream: `messageStart` at once; per block the
// deltas (`text`, `reasoningContent.text` then a `reasoningContent.signature`, `toolUse.input` after a
// `contentBlockStart`) and `contentBlockStop`; then `messageStop` and `metadata` (usage, latency). A
// failure mid-stream is an exception frame.
import type { ServerResponse } from 'node:http';
import { BlockTracker, type Block, type BlockEvent } from '../blocks.ts';
import { dropConnection } from '../sse.ts';
import type { Unit } from '../units.ts';
import { streamExceptionType } from './errors.ts';
import { eventFrame, exceptionFrame, startEventStreamResponse } from './event-stream.ts';
import { converseUsage, reasoningSignature, STOP_REASONS, toolUseId } from './message.ts';

export function createConverseStreamWriter(res: ServerResponse, cachedTokens: number) {
  const tracker = new BlockTracker();
  const startedAt = performance.now();
  let frames: Uint8Array[] = [];
  const emit = (eventType: string, payload: object): void => {
    frames.push(eventFrame(eventType, payload));
  };
  const flush = (): Buffer => Buffer.concat(frames);

  startEventStreamResponse(res);
  emit('messageStart', { role: 'assistant' });
  res.write(flush());

  const renderBlock = (event: BlockEvent): void => {
    const { block } = event;
    const contentBlockIndex = block.index;
    if (event.type === 'start') {
      if (block.kind === 'tool-call') {
        const toolUse = { toolUseId: toolUseId(block.toolCall!.id), name: block.toolCall!.name };
        emit('contentBlockStart', { contentBlockIndex, start: { toolUse } });
      }
    } else if (event.type === 'delta') {
      emit('contentBlockDelta', { contentBlockIndex, delta: delta(block, event.text) });
    } else {
      if (block.kind === 'reasoning') {
        const signature = reasoningSignature();
        emit('contentBlockDelta', { contentBlockIndex, delta: { reasoningContent: { signature } } });
      }
      emit('contentBlockStop', { contentBlockIndex });
    }
  };

  /** Renders a unit that is not block content; true when the answer ends with it. */
  const renderEnd = (unit: Unit): boolean => {
    if (unit.type === 'finish') {
      tracker.close().forEach(renderBlock);
      emit('messageStop', { stopReason: STOP_REASONS[unit.reason] });
      const latencyMs = Math.round(performance.now() - startedAt);
      emit('metadata', { usage: converseUsage(unit.usage, cachedTokens), metrics: { latencyMs } });
      res.end(flush());
      return true;
    }
    if (unit.type === 'error') {
      frames.push(exceptionFrame(streamExceptionType(unit.error), unit.error.message));
      res.end(flush());
      return true;
    }
    if (unit.type === 'disconnect') {
      res.write(flush());
      dropConnection(res);
      return true;
    }
    return false;
  };

  return (batch: Unit[]): void => {
    frames = [];
    for (const unit of batch) {
      tracker.push(unit).forEach(renderBlock);
      if (renderEnd(unit)) return;
    }
    if (frames.length > 0) res.write(flush());
  };
}

function delta(block: Block, text: string) {
  switch (block.kind) {
    case 'reasoning':
      return { reasoningContent: { text } };
    case 'text':
      return { text };
    case 'tool-call':
      return { toolUse: { input: text } };
  }
}
