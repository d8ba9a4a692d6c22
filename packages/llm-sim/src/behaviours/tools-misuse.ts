// Models that use tools badly, for testing how a client's tool loop copes: each makes one call the
// client must refuse or give up on, then answers quoting whatever result (or error) came back.
import { lastUserText, pendingToolResults, type SimRequest } from '../conversation.ts';
import type { ScriptEvent } from '../script.ts';
import type { Behaviour } from './behaviour.ts';
import { answerWithResults, callTools, toolCall } from './tool-script.ts';
import { TOOL_NAME } from './tools.ts';

/** `get_weather` arguments that are valid JSON but fail its schema (a number, an unknown unit). */
export const BAD_WEATHER_ARGUMENTS = { location: 42, unit: 'kelvin' } as const;
/** A tool no client offers. */
export const UNKNOWN_TOOL_NAME = 'no_such_tool';
/** The tool the `tools-timeout` model calls; a test offers it as one that never finishes in time. */
export const SLOW_TOOL_NAME = 'slow_lookup';

/** One call on the first turn, then an answer quoting the result the client sent back. */
function oneCallThenAnswer(call: (request: SimRequest) => ScriptEvent): Behaviour {
  return (request) => {
    const results = pendingToolResults(request);
    return results.length > 0 ? answerWithResults(results) : callTools(call(request));
  };
}

/** `tools-bad-args`: calls `get_weather` with arguments its schema refuses. */
export const toolsBadArguments = oneCallThenAnswer(() => toolCall(TOOL_NAME, BAD_WEATHER_ARGUMENTS));

/** `tools-unknown`: calls a tool that does not exist. */
export const toolsUnknown = oneCallThenAnswer((request) =>
  toolCall(UNKNOWN_TOOL_NAME, { query: lastUserText(request) }),
);

/** `tools-timeout`: calls `slow_lookup`, which the client's tool runs past its time limit. */
export const toolsTimeout = oneCallThenAnswer((request) =>
  toolCall(SLOW_TOOL_NAME, { query: lastUserText(request) }),
);
