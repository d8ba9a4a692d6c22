// `memory`: a memory-keeping model. It reads what the user said (every user-role message, so a
// transcript sent as one message works too) for "remember my <key> is <value>" and
// "forget my <key>", and answers the JSON a memory step asks for:
// `{"updates": [{"type": "set", "key", "value"}, {"type": "delete", "key"}]}`, one update per key
// (the last thing said about a key wins), `{"updates": []}` when nothing was said.
// `memory-slow` answers the same after a pause; `memory-malformed` answers prose instead of JSON.
import type { SimRequest } from '../conversation.ts';
import { textScript, type Behaviour } from './behaviour.ts';

/** How long `memory-slow` thinks before answering. */
export const MEMORY_SLOW_DELAY_MS = 2_000;
export const MEMORY_MALFORMED_ANSWER = 'I would remember that the user likes tea.';

export type MemoryUpdate = { type: 'set'; key: string; value: string } | { type: 'delete'; key: string };

const KEY = String.raw`([\p{L}\p{N}_.\-]+)`;
const DIRECTIVE = new RegExp(
  String.raw`\bremember (?:that )?my ${KEY} is ([^\n]+)|\bforget (?:about )?my ${KEY}`,
  'giu',
);

/** The updates the user's words ask for, in the order their keys first came up. */
export function memoryUpdatesIn(request: SimRequest): MemoryUpdate[] {
  const byKey = new Map<string, MemoryUpdate>();
  for (const message of request.messages) {
    if (message.role !== 'user') continue;
    for (const match of message.text.matchAll(DIRECTIVE)) {
      const [, setKey, value, deleteKey] = match;
      const key = trimDots((setKey ?? deleteKey)!);
      if (!key) continue;
      // Re-inserting moves nothing: a Map keeps a key's first position when its value changes.
      byKey.set(
        key,
        setKey ? { type: 'set', key, value: value!.trim().replace(/[.!]+$/, '') } : { type: 'delete', key },
      );
    }
  }
  return [...byKey.values()];
}

/** A sentence's full stop is not part of the key it ends on ("forget my city."). */
function trimDots(key: string): string {
  return key.replace(/\.+$/, '');
}

export const memory: Behaviour = (request) =>
  textScript(JSON.stringify({ updates: memoryUpdatesIn(request) }));

export const memorySlow: Behaviour = (request) => ({
  ...memory(request),
  pacing: { firstTokenDelayMs: MEMORY_SLOW_DELAY_MS },
});

export const memoryMalformed: Behaviour = () => textScript(MEMORY_MALFORMED_ANSWER);
