// `ask-user`: asks the user before it answers — calls `ask_user` with a question and two choices
// (`ask-user-text`: with no choices, so the client shows a text field); once the answer is back,
// answers quoting it.
import { pendingToolResults } from '../conversation.ts';
import type { Behaviour } from './behaviour.ts';
import { answerWithResults, callTools, toolCall } from './tool-script.ts';

export const ASK_USER_TOOL_NAME = 'ask_user';
export const ASK_USER_QUESTION = 'Which colour should the chart use?';
export const ASK_USER_CHOICES = ['Blue', 'Green'];

const asking =
  (choices: readonly string[]): Behaviour =>
  (request) => {
    const results = pendingToolResults(request);
    if (results.length > 0) return answerWithResults(results);
    return callTools(
      toolCall(ASK_USER_TOOL_NAME, {
        question: ASK_USER_QUESTION,
        ...(choices.length ? { choices } : {}),
      }),
    );
  };

export const askUser = asking(ASK_USER_CHOICES);
export const askUserText = asking([]);
