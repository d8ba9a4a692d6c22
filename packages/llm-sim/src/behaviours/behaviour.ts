// A behaviour turns a request into a protocol-neutral Script; it knows nothing about HTTP or wire
// formats, so every protocol writer can reuse it.
import type { SimRequest } from '../conversation.ts';
import type { Script } from '../script.ts';

export type Behaviour = (request: SimRequest) => Script;

/** The common case: some text, then a normal stop. */
export function textScript(text: string): Script {
  return {
    events: [
      { type: 'text', text },
      { type: 'finish', reason: 'stop' },
    ],
  };
}
