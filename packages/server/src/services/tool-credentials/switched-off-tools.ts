import type { ToolAuthState } from '@parley/schema';
import { WEB_SEARCH_TOOL } from '../web-search/web-search-tool.ts';
import { EXECUTE_CODE } from '../tools/execute-code-tool.ts';

/**
 * The built-in tools a server may leave switched off, with the parts of their setup. The operator
 * provides each part (parley.yaml or the environment), so a user can do nothing about them.
 */
const BUILT_IN_TOOL_PARTS: Readonly<Record<string, readonly string[]>> = {
  [WEB_SEARCH_TOOL]: ['providers', 'scrapers', 'rerankers'],
  [EXECUTE_CODE]: [EXECUTE_CODE],
};

/**
 * The auth answer for a built-in tool this server does not offer: not authenticated, with its
 * auth types, instead of a 404 — LibreChat's client asks about web search and code on every page
 * and treats a 404 as a failure. Null for a name that is no built-in tool.
 */
export function switchedOffToolAuth(toolId: string): ToolAuthState | null {
  const parts = Object.hasOwn(BUILT_IN_TOOL_PARTS, toolId) ? BUILT_IN_TOOL_PARTS[toolId] : undefined;
  if (!parts) return null;
  return {
    authenticated: false,
    message: 'not_configured',
    authTypes: parts.map((part) => [part, 'system_defined']),
  };
}
