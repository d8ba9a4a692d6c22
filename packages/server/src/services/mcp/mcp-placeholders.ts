import {
  placeholdersIn,
  templatedStrings,
  type McpServerConfig,
} from '../../config/yaml-sections/mcp-servers.ts';

/** Who is connecting, for the built-in `{{LIBRECHAT_USER_*}}` placeholders. */
export interface ConnectingUser {
  id: string;
  email: string;
  username: string | null;
}

/**
 * Whether a server needs a connection of each user's own: it asks users for values, signs them in
 * with OAuth, or names the user in its URL, headers, arguments or environment.
 */
export function isPerUserServer(config: McpServerConfig): boolean {
  if (Object.keys(config.customUserVars ?? {}).length > 0) return true;
  if (config.oauth || config.requiresOAuth) return true;
  return templatedStrings(config).some((value) => placeholdersIn(value).length > 0);
}

/** Whether a user's values decide which host a remote server's URL reaches. */
export function isHostTemplated(config: McpServerConfig): boolean {
  if (config.type === 'stdio') return false;
  const authority = config.url.replace(/^[a-z]+:\/\//i, '').split(/[/?#]/)[0] ?? '';
  return placeholdersIn(authority).length > 0;
}

/**
 * The server's config with every `{{NAME}}` replaced by the user's value (an unset one becomes
 * empty). In a URL the value is percent-encoded, so a value can fill its place in a path or a
 * host label but never add a path, a query, a port or credentials of its own.
 */
export function fillPlaceholders(
  config: McpServerConfig,
  values: Record<string, string>,
  user: ConnectingUser,
): McpServerConfig {
  const all: Record<string, string> = {
    LIBRECHAT_USER_ID: user.id,
    LIBRECHAT_USER_EMAIL: user.email,
    LIBRECHAT_USER_USERNAME: user.username ?? '',
    ...values,
  };
  const fill = (text: string, encode: (v: string) => string = (v) => v) =>
    text.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (_, name: string) => encode(all[name] ?? ''));
  const fillRecord = (record: Record<string, string> | undefined) =>
    record && Object.fromEntries(Object.entries(record).map(([k, v]) => [k, fill(v)]));
  if (config.type === 'stdio') {
    return {
      ...config,
      command: fill(config.command),
      args: config.args?.map((a) => fill(a)),
      env: fillRecord(config.env),
    };
  }
  return {
    ...config,
    url: fill(config.url, encodeURIComponent),
    headers: fillRecord(config.headers),
  } as McpServerConfig;
}
