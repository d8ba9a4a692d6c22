import { readFile } from 'node:fs/promises';
import { parse as parseYaml, stringify } from 'yaml';
import type { AppConfig } from '../../config/app-config.ts';
import { startWarningsOf } from './start-warnings.ts';
import type { EndpointRegistry } from '../endpoints/endpoint-registry.ts';
import type { McpManager } from '../mcp/mcp-manager.ts';
import { maskConfig, maskUrls } from './config-masking.ts';

/** The file as written, `${VAR}` references not yet replaced; {} when there is none or it cannot be read. */
async function readRawYaml(path: string | null): Promise<unknown> {
  if (!path) return {};
  try {
    return parseYaml(await readFile(path, 'utf8')) ?? {};
  } catch {
    return {};
  }
}

/**
 * `GET /api/admin/config`: parley.yaml as parsed (secrets masked, see config-masking.ts), the
 * warnings the start logged about it, and the health of each endpoint and shared MCP connection.
 */
export async function configurationView(config: AppConfig, endpoints: EndpointRegistry, mcp: McpManager) {
  const masked = maskConfig(config.yaml, await readRawYaml(config.yamlPath));
  const health = await endpoints.health();
  return {
    path: config.yamlPath,
    yaml: stringify(masked),
    warnings: startWarningsOf(config).map((w) => w.message),
    endpoints: health.map((e) => ({
      name: e.name,
      type: e.type,
      fetchesModels: e.fetchesModels,
      models: e.models,
      lastFetchAt: e.lastFetch?.at.toISOString() ?? null,
      // A provider's error can quote the URL it called, credentials included.
      lastError: e.lastFetch?.error ? maskUrls(e.lastFetch.error) : null,
    })),
    mcpServers: mcp.health().map((m) => ({ ...m, lastError: m.lastError ? maskUrls(m.lastError) : null })),
  };
}
