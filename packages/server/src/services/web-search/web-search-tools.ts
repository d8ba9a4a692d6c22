import type { AppConfig } from '../../config/app-config.ts';
import { commaList } from '../endpoints/default-models.ts';
import { AddressPolicy } from '../net/address-policy.ts';
import { GuardedHttpClient } from '../net/guarded-http-client.ts';
import type { Tool } from '../tools/tool.ts';
import { webSearchTool } from './web-search-tool.ts';

/**
 * The `web_search` tool when parley.yaml configures web search, else none. Its requests go through
 * a guard of their own whose allow-list is USER_BASE_URL_ALLOWLIST, the one list of private hosts
 * that URLs fetched for users may reach (tests name the local simulator's address there).
 */
export function webSearchTools(config: AppConfig): Tool[] {
  if (!config.yaml.webSearch) return [];
  const http = new GuardedHttpClient({
    policy: new AddressPolicy(commaList(config.env.USER_BASE_URL_ALLOWLIST)),
    maxRedirects: 5,
  });
  return [webSearchTool(config.yaml.webSearch, http)];
}
