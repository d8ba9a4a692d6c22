// `tools`: calls `get_weather` with streamed JSON arguments; once the request carries that call's
// result (tool messages after the last user turn), answers in text quoting the result.
import { lastUserText, pendingToolResults } from '../conversation.ts';
import type { Behaviour } from './behaviour.ts';
import { answerWithResults, callTools, toolCall } from './tool-script.ts';

export { TOOL_ANSWER_PREFIX } from './tool-script.ts';

export const TOOL_NAME = 'get_weather';
export const DEFAULT_LOCATION = 'Paris';

export const tools: Behaviour = (request) => {
  const results = pendingToolResults(request);
  if (results.length > 0) return answerWithResults(results);
  return callTools(toolCall(TOOL_NAME, { location: locationIn(lastUserText(request)), unit: 'celsius' }));
};

/** "What's the weather in New York?" → "New York"; anything else → Paris. */
function locationIn(text: string): string {
  const match = /\bin ((?:\p{Lu}[\p{L}'-]*)(?: \p{Lu}[\p{L}'-]*)*)/u.exec(text);
  return match?.[1] ?? DEFAULT_LOCATION;
}
