import type { z } from 'zod';
import type { CONVERSATION_SETTING_KEYS } from './chat.ts';
import { chatRequestSchema, type ChatRequest } from './chat.ts';

/** A conversation setting a chat request stores on its conversation. */
export type ConversationSettingKey = (typeof CONVERSATION_SETTING_KEYS)[number];

/** How a setting's value is written as text (a query parameter): its kind in the request schema. */
export type SettingKind = 'string' | 'number' | 'boolean' | 'list';

interface ZodDef {
  type: string;
  innerType?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
}

function kindOf(schema: z.ZodType): SettingKind | null {
  const def = (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
      return kindOf(def.innerType!);
    case 'pipe':
      // A preprocessed field (numbers and booleans that also arrive as text): what it becomes.
      return kindOf(def.out!);
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'string':
    case 'enum':
      return 'string';
    case 'array':
      return 'list';
    default:
      return null;
  }
}

/**
 * The kind of a chat request field, read from the request schema, so a client that parses
 * settings from text (the address's query) cannot drift from what the server accepts.
 */
export function chatFieldKind(key: keyof ChatRequest): SettingKind | null {
  const field = (chatRequestSchema.shape as Record<string, z.ZodType | undefined>)[key];
  return field ? kindOf(field) : null;
}
