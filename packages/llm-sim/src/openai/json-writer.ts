// Renders units as one `chat.completion` JSON answer (`stream: false`). Units still arrive paced, so
// a non-streamed answer takes as long as the streamed one would.
import type { ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';
import { dropConnection } from '../sse.ts';
import type { Unit } from '../units.ts';
import { FINISH_REASONS, openAIUsage, type CompletionIdentity } from './chunks.ts';
import { sendOpenAIError } from './errors.ts';

interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export function createJsonWriter(res: ServerResponse, identity: CompletionIdentity) {
  let content = '';
  let reasoning = '';
  const toolCalls: ToolCall[] = [];

  const collect = (unit: Unit): void => {
    if (unit.type === 'text') content += unit.text;
    else if (unit.type === 'reasoning') reasoning += unit.text;
    else if (unit.type === 'tool-call-start') {
      toolCalls[unit.index] = { id: unit.id, type: 'function', function: { name: unit.name, arguments: '' } };
    } else if (unit.type === 'tool-call-delta') {
      const call = toolCalls[unit.index];
      if (call) call.function.arguments += unit.text;
    }
  };

  const message = () => ({
    role: 'assistant',
    content: content || (toolCalls.length > 0 ? null : ''),
    refusal: null,
    ...(reasoning ? { reasoning_content: reasoning } : {}),
    ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
  });

  return (batch: Unit[]): void => {
    for (const unit of batch) {
      if (unit.type === 'finish') {
        return sendJson(res, 200, {
          id: identity.id,
          object: 'chat.completion',
          created: identity.created,
          model: identity.model,
          choices: [
            { index: 0, message: message(), logprobs: null, finish_reason: FINISH_REASONS[unit.reason] },
          ],
          usage: openAIUsage(unit.usage),
        });
      }
      if (unit.type === 'error') return sendOpenAIError(res, unit.error);
      if (unit.type === 'disconnect') return dropConnection(res);
      collect(unit);
    }
  };
}
