import type { McpServerConfig } from '../../config/yaml-sections/mcp-servers.ts';
import type { GuardedHttpClient } from '../net/guarded-http-client.ts';
import { operatorNamedOAuthHosts } from './mcp-oauth-guard.ts';
import { isHostTemplated } from './mcp-placeholders.ts';

/** Makes a guarded client that also allows these host names (the operator named them). */
export type GuardWithHosts = (hosts: string[]) => GuardedHttpClient;

/**
 * Which guarded client a server's requests go through. A server whose host a user's value fills
 * gets one: the shared client, or, when parley.yaml names `oauth` authorization or token URLs for
 * it, a client of its own that also allows those hosts. An operator's own server URL gets none.
 */
export class McpGuards {
  private readonly perServer = new Map<string, GuardedHttpClient>();

  constructor(
    private readonly shared: GuardedHttpClient,
    private readonly withHosts?: GuardWithHosts,
  ) {}

  for(serverName: string, config: McpServerConfig): GuardedHttpClient | undefined {
    if (!isHostTemplated(config)) return undefined;
    const hosts = operatorNamedOAuthHosts(config);
    if (hosts.length === 0 || !this.withHosts) return this.shared;
    let guard = this.perServer.get(serverName);
    if (!guard) {
      guard = this.withHosts(hosts);
      this.perServer.set(serverName, guard);
    }
    return guard;
  }

  /** At shutdown, after the connections closed: ends what those clients still hold open. */
  async close(): Promise<void> {
    const guards = [...this.perServer.values()];
    this.perServer.clear();
    await Promise.all(guards.map((guard) => guard.destroy()));
  }
}
