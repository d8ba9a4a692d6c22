import { memoryKeySchema, memoryValueSchema } from '@parley/schema';
import { z } from 'zod';

/** One change the memory model asks for: a memory set (added or replaced by key), or deleted. */
export type MemoryInstruction = { type: 'set'; key: string; value: string } | { type: 'delete'; key: string };

/** An instruction the step will not carry out, and why (for the log). */
export interface RefusedInstruction {
  index: number;
  key?: string;
  reason: string;
}

export type ReadAnswer =
  | { ok: true; instructions: MemoryInstruction[]; refused: RefusedInstruction[] }
  | { ok: false; reason: string };

/** A longer answer is not the small JSON object asked for: it is refused unread. */
export const MEMORY_ANSWER_MAX_CHARS = 64_000;
/** Changes one step may make; an answer asking for more has the rest refused. */
export const MEMORY_INSTRUCTIONS_MAX = 10;

/** The answer the memory model is told to give (memory-step-prompt.ts describes it in words). */
const answerSchema = z.strictObject({ updates: z.array(z.unknown()) });

const instructionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('set'), key: memoryKeySchema, value: memoryValueSchema }),
  z.strictObject({ type: z.literal('delete'), key: memoryKeySchema }),
]);

/**
 * Reads the memory model's answer: one JSON object `{"updates": [...]}` (a markdown code fence
 * around it is tolerated, nothing else). An answer that is not that object is refused whole. Each
 * instruction is then checked on its own, with the API's rules for keys and values and the
 * server's `validKeys`; one that fails, names a key a previous one named, or comes past the
 * per-step maximum is refused while the others stand.
 */
export function readMemoryAnswer(text: string, validKeys: readonly string[] | null): ReadAnswer {
  if (text.length > MEMORY_ANSWER_MAX_CHARS) {
    return { ok: false, reason: `answer longer than ${MEMORY_ANSWER_MAX_CHARS} characters` };
  }
  let json: unknown;
  try {
    json = JSON.parse(withoutCodeFence(text));
  } catch {
    return { ok: false, reason: 'answer is not JSON' };
  }
  const answer = answerSchema.safeParse(json);
  if (!answer.success) return { ok: false, reason: 'answer is not an object with an updates list' };
  const instructions: MemoryInstruction[] = [];
  const refused: RefusedInstruction[] = [];
  const named = new Set<string>();
  answer.data.updates.forEach((raw, index) => {
    const key = keyOf(raw);
    const refuse = (reason: string) => refused.push({ index, ...(key ? { key } : {}), reason });
    if (index >= MEMORY_INSTRUCTIONS_MAX) return refuse(`more than ${MEMORY_INSTRUCTIONS_MAX} updates`);
    const parsed = instructionSchema.safeParse(raw);
    if (!parsed.success) return refuse(parsed.error.issues.map(describeIssue).join('; '));
    const instruction = parsed.data;
    if (validKeys && !validKeys.includes(instruction.key)) return refuse('key is not one of the valid keys');
    if (named.has(instruction.key)) return refuse('key already named in this answer');
    named.add(instruction.key);
    instructions.push(instruction);
  });
  return { ok: true, instructions, refused };
}

/** The text inside a ```json … ``` fence when the whole answer is one; the answer otherwise. */
function withoutCodeFence(text: string): string {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/i.exec(text);
  return (fenced ? fenced[1]! : text).trim();
}

/** The key an instruction names, when it names one as a short string (for the log only). */
function keyOf(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const key = (raw as { key?: unknown }).key;
  return typeof key === 'string' ? key.slice(0, 120) : undefined;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}
