import type { Database } from '../../db/client.ts';
import type { ToolRegistry } from '../tools/tool-registry.ts';
import type { AgentsSettings } from './agents-settings.ts';

/** What the agent services need: the database, the server's agent settings and its tools. */
export interface AgentDeps {
  db: Database;
  settings: AgentsSettings;
  tools: ToolRegistry;
}
