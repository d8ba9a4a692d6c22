import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as a JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1). Requests are
 * described as the server reads them (`input`: before defaults and transforms), answers as it
 * writes them (`output`). Definitions zod hoists for recursive types are moved into the
 * document's components (`#/$defs/x` would point at the document's root, not the schema) under a
 * name prefixed by the schema's, and every reference to them rewritten.
 */
export function toJsonSchema(
  schema: z.ZodType,
  io: 'input' | 'output',
  components: Record<string, JsonSchema>,
  prefix: string,
): JsonSchema {
  const {
    $schema: _dialect,
    $defs,
    ...converted
  } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const rename = (name: string) => `${prefix}_${name}`.replace(/[^A-Za-z0-9._-]/g, '_');
  const rootName = prefix.replace(/[^A-Za-z0-9._-]/g, '_');
  let refersToRoot = false;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => {
        if (key !== '$ref' || typeof value !== 'string') return [key, rewrite(value)];
        if (value === '#') {
          refersToRoot = true;
          return [key, `#/components/schemas/${rootName}`];
        }
        if (value.startsWith('#/$defs/')) return [key, `#/components/schemas/${rename(value.slice(8))}`];
        return [key, value];
      }),
    );
  };
  for (const [name, definition] of Object.entries($defs ?? {})) {
    components[rename(name)] = rewrite(definition) as JsonSchema;
  }
  const result = rewrite(converted) as JsonSchema;
  if (!refersToRoot) return result;
  // A schema that contains itself becomes a component of its own, referred to by name.
  components[rootName] = result;
  return { $ref: `#/components/schemas/${rootName}` };
}
