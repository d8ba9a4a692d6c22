// `tools`: calls `get_weather` with streamed JSON arguments; once the request carries that call's
// result (tool messages after the last user turn), answers in text quoting the result.
import { lastUserText, pendingToolResults } from '../conversation.ts';
import { randomId } from '../ids.ts';
import type { Behaviour } from './behaviour.ts';
import { textScript } from './behaviour.ts';

export const TOOL_NAME = 'get_weather';
export const DEFAULT_LOCATION = 'Paris';
export const TOOL_ANSWER_PREFIX = 'The tool returned: ';

export const tools: Behaviour = (request) => {
  const results = pendingToolResults(request);
  if (results.length > 0) return textScript(TOOL_ANSWER_PREFIX + results.map((r) => r.text).join('\n'));
  const args = { location: locationIn(lastUserText(request)), unit: 'celsius' };
  return {
    events: [
      { type: 'tool-call', id: randomId('call_'), name: TOOL_NAME, arguments: JSON.stringify(args) },
      { type: 'finish', reason: 'tool-calls' },
    ],
  };
};

/** "What's the weather in New York?" → "New York"; anything else → Paris. */
function locationIn(text: string): string {
  const match = /\bin ((?:\p{Lu}[\p{L}'-]*)(?: \p{Lu}[\p{L}'-]*)*)/u.exec(text);
  return match?.[1] ?? DEFAULT_LOCATION;
}
