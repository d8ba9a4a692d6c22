// `tools-parallel`: asks for the weather of several places at once — one `get_weather` call per
// place, all in one answer — so a client must run independent calls together and return every
// result before the model answers.
import { lastUserText, pendingToolResults } from '../conversation.ts';
import type { Behaviour } from './behaviour.ts';
import { answerWithResults, callTools, toolCall } from './tool-script.ts';
import { TOOL_NAME } from './tools.ts';

export const PARALLEL_DEFAULT_LOCATIONS = ['Paris', 'London', 'Tokyo'] as const;

export const toolsParallel: Behaviour = (request) => {
  const results = pendingToolResults(request);
  if (results.length > 0) return answerWithResults(results);
  const calls = locationsIn(lastUserText(request)).map((location) =>
    toolCall(TOOL_NAME, { location, unit: 'celsius' }),
  );
  return callTools(...calls);
};

/**
 * "Weather in Oslo, Rome and New York?" → Oslo, Rome, New York: the capitalised names after the
 * last "in", split at commas and "and". Fewer than two names → the default three.
 */
function locationsIn(text: string): string[] {
  const tail = /\bin ([^?.!]*)/u.exec(text)?.[1] ?? '';
  const names = tail
    .split(/,\s*|\s+and\s+/u)
    .map((part) => part.trim())
    .filter((part) => /^\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)*$/u.test(part));
  return names.length >= 2 ? names : [...PARALLEL_DEFAULT_LOCATIONS];
}
