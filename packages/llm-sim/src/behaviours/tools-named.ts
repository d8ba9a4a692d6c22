// `tools-named`: calls whichever tool the user names, with the JSON arguments that follow its name
// ("echo_mcp_local {"text":"hi"}"), so a client can drive any tool it offers — an MCP server's,
// an OpenAPI action's — through a real tool loop. Once the result is back it answers quoting it.
// A message that names no tool (no leading name) gets a plain answer saying how to ask.
import { lastUserText, pendingToolResults } from '../conversation.ts';
import type { Behaviour } from './behaviour.ts';
import { textScript } from './behaviour.ts';
import { answerWithResults, callTools, toolCall } from './tool-script.ts';

export const NAMED_TOOL_HINT = 'Name a tool, then its JSON arguments, e.g. echo {"text":"hi"}';

/** `name {json}` → the call; arguments that are not a JSON object are sent as `{}`. */
export function namedCall(text: string): { name: string; args: unknown } | null {
  const match = /^\s*([A-Za-z0-9_.-]+)\s*([\s\S]*)$/.exec(text);
  if (!match) return null;
  const rest = match[2]!.trim();
  if (!rest) return { name: match[1]!, args: {} };
  try {
    const args: unknown = JSON.parse(rest);
    return { name: match[1]!, args: typeof args === 'object' && args !== null ? args : {} };
  } catch {
    return { name: match[1]!, args: {} };
  }
}

export const toolsNamed: Behaviour = (request) => {
  const results = pendingToolResults(request);
  if (results.length > 0) return answerWithResults(results);
  const call = namedCall(lastUserText(request));
  return call ? callTools(toolCall(call.name, call.args)) : textScript(NAMED_TOOL_HINT);
};
