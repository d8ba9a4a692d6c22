import { isIP } from 'node:net';

/**
 * Whether a URL points at this machine by address (127.0.0.0/8, ::1) or the name localhost.
 * Plain-http identity providers are allowed only there: elsewhere anyone on the path could read
 * the codes and tokens.
 */
export function isLoopbackUrl(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || /^::ffff:127\./.test(host);
  return false;
}

/** Refuses `http://` unless the host is loopback; anything but http(s) is refused. */
export function assertSecureProviderUrl(url: URL, what: string): void {
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && isLoopbackUrl(url)) return;
  throw new Error(`${what} must be an https:// URL (http:// only on a loopback address): ${url.href}`);
}
