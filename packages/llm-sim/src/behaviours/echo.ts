// `echo`: repeats the last user message exactly, so tests can assert equality on what arrives.
import { lastUserText } from '../conversation.ts';
import { textScript, type Behaviour } from './behaviour.ts';

export const EMPTY_ECHO = '(empty message)';

export const echo: Behaviour = (request) => textScript(lastUserText(request) || EMPTY_ECHO);
