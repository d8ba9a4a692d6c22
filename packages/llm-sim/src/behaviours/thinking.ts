// `thinking`: reasoning first (DeepSeek-style `reasoning_content` on the OpenAI wire), then an answer
// that quotes the user, so both channels can be checked.
import { lastUserText } from '../conversation.ts';
import type { Behaviour } from './behaviour.ts';
import { EMPTY_ECHO } from './echo.ts';

export const THINKING_REASONING =
  'Let me think about this step by step. First, I read the message carefully. ' +
  'Then I consider what the user wants. Finally, I decide to repeat it back.';

export const THINKING_PREFIX = 'After thinking it over, here is your message: ';

export const thinking: Behaviour = (request) => ({
  events: [
    { type: 'reasoning', text: THINKING_REASONING },
    { type: 'text', text: THINKING_PREFIX + (lastUserText(request) || EMPTY_ECHO) },
    { type: 'finish', reason: 'stop' },
  ],
});
