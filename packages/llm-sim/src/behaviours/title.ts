// `title`: answers a short title made from the first user message, like a title-generation call.
import { firstUserText } from '../conversation.ts';
import { simTitle } from '../title.ts';
import { textScript, type Behaviour } from './behaviour.ts';

export const title: Behaviour = (request) => textScript(simTitle(firstUserText(request)));
