// Expands a Script into the units the player emits one by one. A "paced" unit costs one token of
// time and counts as one completion token; the others (tool-call headers, finish, errors, the
// disconnect) ride along with the unit before them.
import type { FinishReason, Script, SimError } from './script.ts';
import { tokenize } from './tokenize.ts';

export interface Usage {
  promptTokens: number;
  completionTokens: number;
  reasoningTokens: number;
}

export type Unit =
  | { type: 'reasoning'; text: string }
  | { type: 'text'; text: string }
  | { type: 'tool-call-start'; index: number; id: string; name: string }
  | { type: 'tool-call-delta'; index: number; text: string }
  | { type: 'finish'; reason: FinishReason; usage: Usage }
  | { type: 'error'; error: SimError }
  | { type: 'disconnect' };

export function isPaced(unit: Unit): boolean {
  return unit.type === 'reasoning' || unit.type === 'text' || unit.type === 'tool-call-delta';
}

export interface ExpandOptions {
  promptTokens: number;
  /** Stop after this many paced units with finish reason `length` (OpenAI's `max_tokens`). */
  maxTokens?: number;
}

export function expandScript(script: Script, options: ExpandOptions): Unit[] {
  const units: Unit[] = [];
  let toolIndex = 0;
  for (const event of script.events) {
    switch (event.type) {
      case 'reasoning':
      case 'text':
        for (const text of tokenize(event.text)) units.push({ type: event.type, text });
        break;
      case 'tool-call': {
        const index = toolIndex++;
        units.push({ type: 'tool-call-start', index, id: event.id, name: event.name });
        for (const text of splitArguments(event.arguments))
          units.push({ type: 'tool-call-delta', index, text });
        break;
      }
      case 'finish':
        units.push({ type: 'finish', reason: event.reason, usage: emptyUsage(options.promptTokens) });
        break;
      case 'error':
      case 'disconnect':
        units.push(event);
        break;
    }
  }
  return withUsage(truncate(units, options), options.promptTokens);
}

/** JSON arguments arrive in several small pieces, as real providers stream them. */
function splitArguments(json: string): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < json.length; start += 8) pieces.push(json.slice(start, start + 8));
  return pieces;
}

function truncate(units: Unit[], options: ExpandOptions): Unit[] {
  const { maxTokens } = options;
  if (maxTokens === undefined) return units;
  let paced = 0;
  for (let index = 0; index < units.length; index++) {
    const unit = units[index]!;
    if (!isPaced(unit)) continue;
    if (paced === maxTokens) {
      // Keep what came before, drop the rest of the script, and end the way OpenAI does.
      const kept = units.slice(0, index);
      kept.push({ type: 'finish', reason: 'length', usage: emptyUsage(options.promptTokens) });
      return kept;
    }
    paced++;
  }
  return units;
}

/** Fills every finish unit's usage with the paced units emitted before it. */
function withUsage(units: Unit[], promptTokens: number): Unit[] {
  let completionTokens = 0;
  let reasoningTokens = 0;
  return units.map((unit) => {
    if (isPaced(unit)) completionTokens++;
    if (unit.type === 'reasoning') reasoningTokens++;
    if (unit.type !== 'finish') return unit;
    return { ...unit, usage: { promptTokens, completionTokens, reasoningTokens } };
  });
}

function emptyUsage(promptTokens: number): Usage {
  return { promptTokens, completionTokens: 0, reasoningTokens: 0 };
}
