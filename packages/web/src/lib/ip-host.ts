const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * Whether a page's host name (`location.hostname`) is an IP address rather than a name: IPv6
 * arrives in brackets, IPv4 as four dotted numbers. Browsers refuse an IP address as the site a
 * passkey belongs to, so such a host cannot use passkeys at all.
 */
export function isIpAddressHost(hostname: string): boolean {
  return hostname.startsWith('[') || hostname.includes(':') || IPV4.test(hostname);
}
