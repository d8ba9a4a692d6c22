import { BlockList, isIP } from 'node:net';

/** Addresses a user-provided URL must not reach: loopback, private, link-local, CGNAT, multicast… */
const BLOCKED_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const BLOCKED_V6: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
];

const blocked = new BlockList();
for (const [net, prefix] of BLOCKED_V4) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of BLOCKED_V6) blocked.addSubnet(net, prefix, 'ipv6');

/**
 * The IPv4 address an IPv6 address carries, for the forms that reach an IPv4 host: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002::/16).
 */
export function embeddedIPv4(address: string): string | null {
  const words = expandIPv6(address);
  if (!words) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => words.slice(from, to).every((w) => w === 0);
  if (zeros(0, 5) && (words[5] === 0xffff || words[5] === 0) && !zeros(6, 8)) return v4(words[6]!, words[7]!);
  if (words[0] === 0x64 && words[1] === 0xff9b && zeros(2, 6)) return v4(words[6]!, words[7]!);
  if (words[0] === 0x2002) return v4(words[1]!, words[2]!);
  return null;
}

/** Eight 16-bit words of an IPv6 address (a dotted IPv4 tail included), or null. */
function expandIPv6(address: string): number[] | null {
  let text = address.split('%')[0]!.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const bytes = dotted[1]!.split('.').map(Number);
    text =
      text.slice(0, -dotted[1]!.length) +
      `${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((w) => parseInt(w, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const fill = text.includes('::') ? 8 - left.length - right.length : 0;
  const words = [...left, ...Array<number>(Math.max(fill, 0)).fill(0), ...right];
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff)
    ? words
    : null;
}

/** True for an address a server-side request on a user's behalf must not reach. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIPv4(address);
  if (v4) return blocked.check(v4, 'ipv4');
  return blocked.check(address, 'ipv6');
}

/**
 * Which destinations the server may reach on a user's behalf: public addresses only, unless the
 * operator's allow-list (USER_BASE_URL_ALLOWLIST: host names, addresses, CIDR ranges) names the
 * host or holds the address. Tests allow a loopback address of their own this same way, so a
 * local server can play a public host without production's rules being any weaker.
 */
export class AddressPolicy {
  private readonly allowedHosts = new Set<string>();
  private readonly allowedRanges = new BlockList();

  constructor(allowList: string[] = []) {
    for (const raw of allowList.map((e) => e.trim().toLowerCase()).filter(Boolean)) {
      const [net, prefix] = raw.split('/');
      const family = isIP(net!);
      if (family && prefix !== undefined)
        this.allowedRanges.addSubnet(net!, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
      else if (family) this.allowedRanges.addAddress(net!, family === 4 ? 'ipv4' : 'ipv6');
      else this.allowedHosts.add(raw);
    }
  }

  /** A host name the operator allowed by name: any address it resolves to is reachable. */
  allowsHost(host: string): boolean {
    return this.allowedHosts.has(host.toLowerCase());
  }

  /** An address that is public, or allowed by the operator. */
  allowsAddress(address: string): boolean {
    return this.isAllowListed(address) || !isPrivateAddress(address);
  }

  private isAllowListed(address: string): boolean {
    const family = isIP(address);
    if (family === 4) return this.allowedRanges.check(address, 'ipv4');
    if (family !== 6) return false;
    const v4 = embeddedIPv4(address);
    return v4 ? this.allowedRanges.check(v4, 'ipv4') : this.allowedRanges.check(address, 'ipv6');
  }
}
