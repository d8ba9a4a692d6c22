// Renders unit batches as an Anthropic Messages stream: `message_start` and a `ping` at once, then per
// block `content_block_start`, its deltas (`thinking_delta` + a closing `signature_delta`,
// `text_delta`, `input_json_delta`) and `content_block_stop`, then `message_delta` (stop reason,
// usage) and `message_stop`. A failure mid-stream is an `error` event.
import type { ServerResponse } from 'node:http';
import { BlockTracker, type Block, type BlockEvent } from '../blocks.ts';
import { dropConnection, namedEvent, startEventStream } from '../sse.ts';
import type { Unit } from '../units.ts';
import { anthropicErrorBody } from './errors.ts';
import {
  messageObject,
  messageUsage,
  STOP_REASONS,
  thinkingSignature,
  toolUseId,
  type MessageIdentity,
} from './message.ts';

export function createAnthropicStreamWriter(res: ServerResponse, identity: MessageIdentity) {
  const tracker = new BlockTracker();
  let out = '';
  const emit = (type: string, fields: object = {}): void => {
    out += namedEvent(type, { type, ...fields });
  };

  startEventStream(res);
  // Like the real API, message_start reports the input usage and a first output token.
  emit('message_start', { message: { ...messageObject(identity, []), usage: messageUsage(identity, 1) } });
  emit('ping');
  res.write(out);

  const renderBlock = (event: BlockEvent): void => {
    const { block } = event;
    if (event.type === 'start')
      emit('content_block_start', { index: block.index, content_block: startBlock(block) });
    else if (event.type === 'delta')
      emit('content_block_delta', { index: block.index, delta: delta(block, event.text) });
    else {
      if (block.kind === 'reasoning') {
        emit('content_block_delta', {
          index: block.index,
          delta: { type: 'signature_delta', signature: thinkingSignature() },
        });
      }
      emit('content_block_stop', { index: block.index });
    }
  };

  /** Renders a unit that is not block content; true when the answer ends with it. */
  const renderEnd = (unit: Unit): boolean => {
    if (unit.type === 'finish') {
      tracker.close().forEach(renderBlock);
      emit('message_delta', {
        delta: { stop_reason: STOP_REASONS[unit.reason], stop_sequence: null },
        usage: messageUsage(identity, unit.usage.completionTokens),
      });
      emit('message_stop');
      res.end(out);
      return true;
    }
    if (unit.type === 'error') {
      out += namedEvent('error', anthropicErrorBody(unit.error));
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

function startBlock(block: Block) {
  switch (block.kind) {
    case 'reasoning':
      return { type: 'thinking', thinking: '', signature: '' };
    case 'text':
      return { type: 'text', text: '' };
    case 'tool-call':
      return { type: 'tool_use', id: toolUseId(block.toolCall!.id), name: block.toolCall!.name, input: {} };
  }
}

function delta(block: Block, text: string) {
  switch (block.kind) {
    case 'reasoning':
      return { type: 'thinking_delta', thinking: text };
    case 'text':
      return { type: 'text_delta', text };
    case 'tool-call':
      return { type: 'input_json_delta', partial_json: text };
  }
}
