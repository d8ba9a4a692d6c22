// The demo's MCP server (stdio): a few small tools that need no network, so `npm run demo` shows
// MCP offline. Written with the MCP SDK that Parley's server already depends on. Run with plain
// node; parley.yaml's `mcpServers` starts it (one process per signed-in user who uses it).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer(
  { name: 'parley-demo-tools', version: '1.0.0' },
  { instructions: 'Use roll_dice for dice, word_count to count words and utc_time for the time.' },
);
const text = (value) => ({ content: [{ type: 'text', text: String(value) }] });

server.registerTool(
  'roll_dice',
  {
    description: 'Rolls dice and returns each face and the total',
    inputSchema: { count: z.number().int().min(1).max(20), sides: z.number().int().min(2).max(100) },
  },
  ({ count, sides }) => {
    const faces = Array.from({ length: count }, () => 1 + Math.floor(Math.random() * sides));
    return text(`${faces.join(' + ')} = ${faces.reduce((a, b) => a + b, 0)}`);
  },
);
server.registerTool(
  'word_count',
  { description: 'Counts the words of a text', inputSchema: { text: z.string().max(100_000) } },
  ({ text: t }) => text(t.split(/\s+/).filter(Boolean).length),
);
server.registerTool('utc_time', { description: 'The current time in UTC (ISO 8601)' }, () =>
  text(new Date().toISOString()),
);

await server.connect(new StdioServerTransport());
