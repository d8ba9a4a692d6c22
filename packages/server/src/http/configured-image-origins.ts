import type { AppConfig } from '../config/app-config.ts';

/** parley.yaml keys that name a picture the web app shows (endpoint, model spec, MCP server icons). */
const ICON_KEYS = new Set(['iconURL', 'iconPath']);

/**
 * The origins of pictures the operator named: every `iconURL`/`iconPath` in parley.yaml (custom
 * endpoints, model specs, MCP servers, wherever the format allows one) and the OpenID and SAML
 * sign-in buttons' images. The app's img-src allows these origins and no other host: the
 * operator chose them, unlike a picture an answer links.
 */
export function configuredImageOrigins(config: Pick<AppConfig, 'yaml' | 'env'>): string[] {
  const urls: string[] = [];
  collectIcons(config.yaml, urls, 0);
  for (const url of [config.env.OPENID_IMAGE_URL, config.env.SAML_IMAGE_URL]) if (url) urls.push(url);
  const origins = new Set<string>();
  for (const url of urls) {
    const origin = remoteOriginOf(url);
    if (origin) origins.add(origin);
  }
  return [...origins].sort();
}

function collectIcons(value: unknown, into: string[], depth: number): void {
  if (depth > 10 || !value || typeof value !== 'object') return;
  for (const [key, item] of Object.entries(value)) {
    if (ICON_KEYS.has(key) && typeof item === 'string') into.push(item);
    else collectIcons(item, into, depth + 1);
  }
}

/** The origin of an absolute http(s) URL; null for a path on this server or anything else. */
function remoteOriginOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}
