// The building blocks of the tool-calling behaviours: a call event, an answer that stops to let the
// client run its calls, and the final answer once the results are back.
import type { SimMessage } from '../conversation.ts';
import { randomId } from '../ids.ts';
import type { Script, ScriptEvent } from '../script.ts';
import { textScript } from './behaviour.ts';

export const TOOL_ANSWER_PREFIX = 'The tool returned: ';

/** One call of `name`; the arguments are sent as the JSON text of `args`, exactly. */
export function toolCall(name: string, args: unknown): ScriptEvent {
  return { type: 'tool-call', id: randomId('call_'), name, arguments: JSON.stringify(args) };
}

/** An answer made only of tool calls, ending the way a model ends when it waits for their results. */
export function callTools(...calls: ScriptEvent[]): Script {
  return { events: [...calls, { type: 'finish', reason: 'tool-calls' }] };
}

/** The final answer: every result of this turn quoted in the order it came, one per line. */
export function answerWithResults(results: readonly SimMessage[]): Script {
  return textScript(TOOL_ANSWER_PREFIX + results.map((r) => r.text).join('\n'));
}
