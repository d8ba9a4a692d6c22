import type { MemoryRow } from '../../db/schema/index.ts';
import type { ProviderMessage } from '../providers/provider.ts';
import { MEMORY_INSTRUCTIONS_MAX } from './memory-step-answer.ts';

/** One message of the window the memory model reads. */
export interface WindowMessage {
  isCreatedByUser: boolean;
  text: string;
}

/** Each message of the window is cut to this many characters: the step needs the gist, not every word. */
export const WINDOW_MESSAGE_MAX_CHARS = 4_000;

/** What the model is asked to look for, unless parley.yaml's `memory.agent.instructions` says otherwise. */
export const DEFAULT_MEMORY_GUIDANCE = [
  'You keep a small set of memories about the user of a chat assistant: lasting facts and preferences',
  'the user has shared (name, work, interests, how they like answers), so later conversations can be',
  'personal. Read the latest messages and decide whether a memory should be added, changed or removed.',
  'Keep only what the user said about themselves and would want remembered; never store secrets,',
  'passwords or one-off details. Change nothing when nothing new was learnt: that is the usual case.',
  'When the user asks you to forget something, delete that memory.',
].join('\n');

export interface MemoryStepInput {
  /** The configured instructions, replacing the default guidance. */
  instructions: string | null;
  memories: readonly Pick<MemoryRow, 'key' | 'value'>[];
  validKeys: readonly string[] | null;
  /** Tokens still free under the limit; null without one. */
  tokensLeft: number | null;
  /** The last messages of the branch, the new answer last, oldest first. */
  window: readonly WindowMessage[];
}

/**
 * The memory model's request: a system message with the guidance, the answer format and the
 * rules the server will hold the answer to, and the user's memories now; then the window as one
 * transcript, so the model judges the conversation rather than continuing it.
 */
export function memoryStepMessages(input: MemoryStepInput): ProviderMessage[] {
  const rules = [
    'Answer with one JSON object and nothing else:',
    '{"updates": [{"type": "set", "key": "<key>", "value": "<value>"}, {"type": "delete", "key": "<key>"}]}',
    '"set" adds a memory or replaces the value of the memory with that key; "delete" removes one.',
    'Answer {"updates": []} to change nothing.',
    `At most ${MEMORY_INSTRUCTIONS_MAX} updates. A key is 1 to 100 letters, digits, "_", "-" or "." (no spaces); a value is one short sentence.`,
    input.validKeys ? `Only these keys are allowed: ${input.validKeys.join(', ')}.` : null,
    input.tokensLeft !== null
      ? `The memories may grow by at most ${input.tokensLeft} more tokens; shorten or delete memories to make room.`
      : null,
  ].filter((line) => line !== null);
  const current =
    input.memories.length > 0
      ? ['The memories now (key: value):', ...input.memories.map((m) => `- ${m.key}: ${m.value}`)]
      : ['There are no memories yet.'];
  const transcript = input.window
    .map((m) => `${m.isCreatedByUser ? 'User' : 'Assistant'}: ${clip(m.text)}`)
    .join('\n\n');
  return [
    {
      role: 'system',
      content: [input.instructions ?? DEFAULT_MEMORY_GUIDANCE, rules.join('\n'), current.join('\n')].join(
        '\n\n',
      ),
    },
    { role: 'user', content: `The latest messages, oldest first:\n\n${transcript}` },
  ];
}

function clip(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > WINDOW_MESSAGE_MAX_CHARS
    ? `${trimmed.slice(0, WINDOW_MESSAGE_MAX_CHARS)}…`
    : trimmed;
}
