import type { Logger } from 'pino';
import type { AppConfig } from '../../config/app-config.ts';
import type { Database } from '../../db/client.ts';
import type { ToolRegistry } from '../tools/tool-registry.ts';
import { commaList } from '../endpoints/default-models.ts';
import { AddressPolicy } from '../net/address-policy.ts';
import { GuardedHttpClient } from '../net/guarded-http-client.ts';
import { ToolCredentialStore } from '../tool-credentials/tool-credential-store.ts';
import { findUserById } from '../users/user-service.ts';
import { McpManager, type McpManagerOptions } from './mcp-manager.ts';
import { McpOAuth } from './mcp-oauth.ts';
import { McpToolSource } from './mcp-tool-source.ts';

/**
 * Builds the MCP manager from parley.yaml's `mcpServers`, adds its tools to the registry, starts
 * the shared connections in the background and closes every connection on shutdown.
 */
export interface McpHost {
  config: AppConfig;
  db: Database;
  logger: Logger;
  tools: ToolRegistry;
  shutdownTasks: (() => Promise<void>)[];
}

export function createMcp(ctx: McpHost, overrides: Partial<McpManagerOptions> = {}): McpManager {
  const credentials = new ToolCredentialStore(ctx.db, ctx.config.secrets.credsKey);
  const allowList = commaList(ctx.config.env.USER_BASE_URL_ALLOWLIST);
  const manager = new McpManager({
    servers: ctx.config.yaml.mcpServers ?? {},
    logger: ctx.logger.child({ component: 'mcp' }),
    credentials,
    oauth: new McpOAuth({ credentials, publicOrigin: ctx.config.serverDomain }),
    signIns: ctx.tools.signInWaits,
    findUser: async (id) => {
      const user = await findUserById(ctx.db, id);
      return user && { id: user.id, email: user.email, username: user.username };
    },
    guard: new GuardedHttpClient({ policy: new AddressPolicy(allowList) }),
    guardWithHosts: (hosts) => new GuardedHttpClient({ policy: new AddressPolicy([...allowList, ...hosts]) }),
    ...overrides,
  });
  ctx.tools.addSource(new McpToolSource(manager));
  ctx.shutdownTasks.push(() => manager.close());
  manager.start();
  return manager;
}
