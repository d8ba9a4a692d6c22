// Which behaviour each model name selects. Names may carry a prefix before a slash or colon
// (`demo/echo`, `sim:slow`), so one configured endpoint can expose them under its own naming.
import { artifact } from './artifact.ts';
import type { Behaviour } from './behaviour.ts';
import { askUser, askUserText } from './ask-user.ts';
import { disconnect } from './disconnect.ts';
import { echo } from './echo.ts';
import { echoSystem } from './echo-system.ts';
import { error401, error429, error429Then500, error500 } from './errors.ts';
import { fileSearch } from './file-search.ts';
import { memory, memoryMalformed, memorySlow } from './memory.ts';
import { showcase } from './showcase.ts';
import { slow } from './slow.ts';
import { slowCode } from './slow-code.ts';
import { thinking } from './thinking.ts';
import { title } from './title.ts';
import { tools } from './tools.ts';
import { toolsApproval } from './tools-approval.ts';
import { toolsChain } from './tools-chain.ts';
import { toolsBadArguments, toolsTimeout, toolsUnknown } from './tools-misuse.ts';
import { toolsNamed } from './tools-named.ts';
import { toolsParallel } from './tools-parallel.ts';
import { vision } from './vision.ts';
import { webSearch } from './web-search.ts';

const BEHAVIOURS: Readonly<Record<string, Behaviour>> = {
  echo,
  'echo-system': echoSystem,
  // The OpenAI endpoint's default model, so an unconfigured client gets a predictable answer.
  'gpt-4o-mini': echo,
  showcase,
  thinking,
  slow,
  'slow-code': slowCode,
  tools,
  'tools-parallel': toolsParallel,
  'tools-chain': toolsChain,
  'tools-bad-args': toolsBadArguments,
  'tools-unknown': toolsUnknown,
  'tools-timeout': toolsTimeout,
  'tools-named': toolsNamed,
  'tools-approval': toolsApproval,
  'ask-user': askUser,
  'ask-user-text': askUserText,
  vision,
  'web-search': webSearch,
  'file-search': fileSearch,
  artifact,
  title,
  memory,
  'memory-slow': memorySlow,
  'memory-malformed': memoryMalformed,
  'error-401': error401,
  'error-429': error429,
  'error-500': error500,
  'error-429-then-500': error429Then500,
  disconnect,
};

export const SIM_MODELS: readonly string[] = Object.freeze(Object.keys(BEHAVIOURS));

/** The behaviour for a model name, or undefined when the simulator does not offer it. */
export function resolveBehaviour(model: string): Behaviour | undefined {
  if (Object.hasOwn(BEHAVIOURS, model)) return BEHAVIOURS[model];
  const suffix = model.slice(Math.max(model.lastIndexOf('/'), model.lastIndexOf(':')) + 1);
  return suffix !== model && Object.hasOwn(BEHAVIOURS, suffix) ? BEHAVIOURS[suffix] : undefined;
}
