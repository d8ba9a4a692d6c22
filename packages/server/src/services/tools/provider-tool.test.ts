import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { providerTool } from './provider-tool.ts';
import type { Tool } from './tool.ts';

const tool = (fields: Partial<Tool>): Tool => ({
  name: 'lookup',
  description: 'Looks something up',
  input: z.object({ step: z.number().int(), query: z.string() }),
  authConfig: [],
  run: async () => 'done',
  ...fields,
});

describe('providerTool', () => {
  it('offers the zod input as draft-7 JSON Schema without its $schema line', () => {
    const offered = providerTool(tool({}));
    expect(offered.name).toBe('lookup');
    expect(offered.description).toBe('Looks something up');
    expect(offered.inputSchema).toMatchObject({
      type: 'object',
      properties: { step: { type: 'integer' }, query: { type: 'string' } },
      required: ['step', 'query'],
    });
    expect(offered.inputSchema).not.toHaveProperty('$schema');
  });

  it('converts a schema once, however many runs offer it', () => {
    const input = z.object({ city: z.string() });
    const first = providerTool(tool({ input }));
    const second = providerTool(tool({ input, description: 'Another tool on the same schema' }));
    // The very same JSON Schema object: converted once (a conversion makes a new object each time).
    expect(second.inputSchema).toBe(first.inputSchema);
    expect(second.description).toBe('Another tool on the same schema');
    const other = providerTool(tool({ input: z.object({ city: z.string() }) }));
    expect(other.inputSchema).not.toBe(first.inputSchema);
    expect(other.inputSchema).toEqual(first.inputSchema);
  });

  it("passes a tool's own JSON Schema (MCP, OpenAPI) through, minus $schema", () => {
    const inputSchema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { id: { type: 'string' } },
    };
    const offered = providerTool(tool({ input: z.unknown(), inputSchema }));
    expect(offered.inputSchema).toEqual({ type: 'object', properties: { id: { type: 'string' } } });
  });
});
