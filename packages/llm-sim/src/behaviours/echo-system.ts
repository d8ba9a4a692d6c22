// `echo-system`: repeats the system prompt it was given, so tests can see what instructions (and
// what earlier agents of a chain wrote) reached the model.
import { textScript, type Behaviour } from './behaviour.ts';

export const NO_SYSTEM_PROMPT = '(no system prompt)';

export const echoSystem: Behaviour = (request) =>
  textScript(
    request.messages
      .filter((message) => message.role === 'system')
      .map((message) => message.text)
      .join('\n') || NO_SYSTEM_PROMPT,
  );
