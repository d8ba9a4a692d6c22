// Renders unit batches as a Responses API stream: named SSE events with increasing
// `sequence_number`s — `response.created` / `response.in_progress` at once, then per block its
// `output_item.added`, part, deltas and `…done` events, and finally `response.completed`
// (`response.incomplete` after max_output_tokens, `response.failed` on an error).
import type { ServerResponse } from 'node:http';
import { BlockTracker, type Block, type BlockEvent } from '../blocks.ts';
import { dropConnection, namedEvent, startEventStream } from '../sse.ts';
import type { Unit } from '../units.ts';
import {
  finishedStatus,
  ItemIds,
  outputItem,
  responseObject,
  summaryPart,
  textPart,
  type ResponseIdentity,
} from './response-object.ts';

export function createResponsesStreamWriter(res: ServerResponse, identity: ResponseIdentity) {
  const tracker = new BlockTracker();
  const ids = new ItemIds();
  let sequence = 0;
  let out = '';
  const emit = (type: string, fields: object): void => {
    out += namedEvent(type, { type, sequence_number: sequence++, ...fields });
  };
  const output = () => tracker.blocks.map((block) => outputItem(block, ids.of(block), true));

  startEventStream(res);
  emit('response.created', { response: responseObject(identity, 'in_progress') });
  emit('response.in_progress', { response: responseObject(identity, 'in_progress') });
  res.write(out);

  const renderBlock = (event: BlockEvent): void => {
    const { block } = event;
    const where = { item_id: ids.of(block), output_index: block.index };
    if (event.type === 'start') {
      emit('response.output_item.added', {
        output_index: block.index,
        item: outputItem(block, where.item_id, false),
      });
      startPart(block, where, emit);
    } else if (event.type === 'delta') {
      emitDelta(block, where, event.text, emit);
    } else {
      finishPart(block, where, emit);
      emit('response.output_item.done', {
        output_index: block.index,
        item: outputItem(block, where.item_id, true),
      });
    }
  };

  /** Renders a unit that is not block content; true when the answer ends with it. */
  const renderEnd = (unit: Unit): boolean => {
    if (unit.type === 'finish') {
      tracker.close().forEach(renderBlock);
      const status = finishedStatus(unit.reason);
      const response = responseObject(identity, status, { output: output(), usage: unit.usage });
      emit(status === 'incomplete' ? 'response.incomplete' : 'response.completed', { response });
      res.end(out);
      return true;
    }
    if (unit.type === 'error') {
      emit('response.failed', {
        response: responseObject(identity, 'failed', { output: output(), error: unit.error }),
      });
      res.end(out);
      return true;
    }
    if (unit.type === 'disconnect') {
      res.write(out);
      dropConnection(res);
      return true;
    }
    return false;
  };

  return (batch: Unit[]): void => {
    out = '';
    for (const unit of batch) {
      tracker.push(unit).forEach(renderBlock);
      if (renderEnd(unit)) return;
    }
    if (out) res.write(out);
  };
}

type Emit = (type: string, fields: object) => void;
type Where = { item_id: string; output_index: number };

function startPart(block: Block, where: Where, emit: Emit): void {
  if (block.kind === 'reasoning') {
    emit('response.reasoning_summary_part.added', { ...where, summary_index: 0, part: summaryPart('') });
  } else if (block.kind === 'text') {
    emit('response.content_part.added', { ...where, content_index: 0, part: textPart('') });
  }
}

function emitDelta(block: Block, where: Where, delta: string, emit: Emit): void {
  if (block.kind === 'reasoning') {
    emit('response.reasoning_summary_text.delta', { ...where, summary_index: 0, delta });
  } else if (block.kind === 'text') {
    emit('response.output_text.delta', { ...where, content_index: 0, delta, logprobs: [] });
  } else {
    emit('response.function_call_arguments.delta', { ...where, delta });
  }
}

function finishPart(block: Block, where: Where, emit: Emit): void {
  const { text } = block;
  if (block.kind === 'reasoning') {
    emit('response.reasoning_summary_text.done', { ...where, summary_index: 0, text });
    emit('response.reasoning_summary_part.done', { ...where, summary_index: 0, part: summaryPart(text) });
  } else if (block.kind === 'text') {
    emit('response.output_text.done', { ...where, content_index: 0, text, logprobs: [] });
    emit('response.content_part.done', { ...where, content_index: 0, part: textPart(text) });
  } else {
    emit('response.function_call_arguments.done', { ...where, name: block.toolCall!.name, arguments: text });
  }
}
