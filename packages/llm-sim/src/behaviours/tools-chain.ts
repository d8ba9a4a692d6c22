// `tools-chain`: three dependent steps. Each step calls `lookup` with the previous step's result as
// its query (the first with the user's text), so the chain only completes if the client feeds
// every result back; after the third result it answers quoting all three in order.
import { lastUserText, pendingToolResults } from '../conversation.ts';
import type { Behaviour } from './behaviour.ts';
import { answerWithResults, callTools, toolCall } from './tool-script.ts';

export const CHAIN_TOOL_NAME = 'lookup';
export const CHAIN_STEPS = 3;

export const toolsChain: Behaviour = (request) => {
  const results = pendingToolResults(request);
  if (results.length >= CHAIN_STEPS) return answerWithResults(results);
  const query = results.at(-1)?.text ?? lastUserText(request);
  return callTools(toolCall(CHAIN_TOOL_NAME, { step: results.length + 1, query }));
};
