import { z } from 'zod';
import type { ProviderTool } from '../providers/provider.ts';
import type { Tool } from './tool.ts';

/**
 * The JSON Schema of each zod input schema, made once: converting a schema costs about half a
 * millisecond of the event loop, and every agent run offered its tools anew, so 100 runs at once
 * spent 50 ms on the same few conversions. Keyed by the schema object, which zod never changes,
 * so a tool built afresh with the same schema reuses it and a schema no longer used is collected.
 */
const jsonSchemas = new WeakMap<z.ZodType, Record<string, unknown>>();

function jsonSchemaOf(input: z.ZodType): Record<string, unknown> {
  let schema = jsonSchemas.get(input);
  if (!schema) {
    const { $schema: _draft, ...rest } = z.toJSONSchema(input, {
      target: 'draft-7',
      unrepresentable: 'any',
    }) as Record<string, unknown>;
    schema = rest;
    jsonSchemas.set(input, schema);
  }
  return schema;
}

/** A tool as the model is offered it: name, description and the arguments' JSON Schema. */
export function providerTool(tool: Tool): ProviderTool {
  let inputSchema: Record<string, unknown>;
  if (tool.inputSchema) {
    const { $schema: _draft, ...rest } = tool.inputSchema;
    inputSchema = rest;
  } else {
    inputSchema = jsonSchemaOf(tool.input as z.ZodType);
  }
  return { name: tool.name, description: tool.description, inputSchema };
}
