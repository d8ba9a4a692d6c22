import type { McpServerConfig } from '../../config/yaml-sections/mcp-servers.ts';
import { RefusedUrlError } from '../net/refused-url-error.ts';

/**
 * The hosts of a server's parley.yaml `oauth.authorization_url` and `oauth.token_url`: the
 * operator named them, so the guarded client lets a server whose host a user's value fills reach
 * them even on a private address (an identity provider inside the operator's network).
 */
export function operatorNamedOAuthHosts(config: McpServerConfig): string[] {
  const urls = [config.oauth?.authorization_url, config.oauth?.token_url];
  return [...new Set(urls.flatMap((url) => (url ? [new URL(url).hostname.replace(/^\[|\]$/g, '')] : [])))];
}

/** `resource_metadata` of a `WWW-Authenticate` challenge, quoted or not. */
const RESOURCE_METADATA = /\bresource_metadata\s*=\s*(?:"([^"]*)"|([^\s,]+))/i;

/**
 * A `fetch` for a server whose host a user's value fills that refuses a 401 naming protected-
 * resource metadata (`resource_metadata` in `WWW-Authenticate`) anywhere but the server's own
 * origin. The OAuth client would otherwise fetch whatever URL that server names, and follow the
 * authorization servers listed there: a user-chosen server could aim Parley's requests at any
 * other host. The refusal is thrown before the OAuth client reads the challenge, so the foreign
 * URL is never requested.
 */
export function ownOriginResourceMetadata(fetchFn: typeof fetch, serverUrl: string): typeof fetch {
  const own = new URL(serverUrl).origin;
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const response = await fetchFn(input, init);
    if (response.status !== 401) return response;
    const named = RESOURCE_METADATA.exec(response.headers.get('www-authenticate') ?? '');
    const url = named ? (named[1] ?? named[2]!) : null;
    if (url === null || originOf(url) === own) return response;
    await response.body?.cancel().catch(() => undefined);
    throw new RefusedUrlError(
      `The MCP server at ${own} named sign-in metadata on another origin (${url.slice(0, 200)}); only its own origin is accepted.`,
    );
  }) as typeof fetch;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
