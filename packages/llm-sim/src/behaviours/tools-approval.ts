// `tools-approval`: calls `delete_note`, a tool that changes things and so needs the user's
// approval in Parley, with the note named in the user's text; once the result (the tool's, or the
// client's word that the user declined) is back, answers quoting it.
import { lastUserText, pendingToolResults } from '../conversation.ts';
import type { Behaviour } from './behaviour.ts';
import { answerWithResults, callTools, toolCall } from './tool-script.ts';

export const APPROVAL_TOOL_NAME = 'delete_note';

export const toolsApproval: Behaviour = (request) => {
  const results = pendingToolResults(request);
  if (results.length > 0) return answerWithResults(results);
  return callTools(toolCall(APPROVAL_TOOL_NAME, { note: lastUserText(request).slice(0, 200) }));
};
