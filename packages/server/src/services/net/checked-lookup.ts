import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import type { AddressPolicy } from './address-policy.ts';
import { RefusedUrlError } from './refused-url-error.ts';

/** Every address a host name resolves to. */
export type Resolve = (host: string) => Promise<string[]>;

export const resolveAll: Resolve = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Why a host's addresses may not be reached, or null when they all may. */
export function refusalOf(policy: AddressPolicy, host: string, addresses: string[]): RefusedUrlError | null {
  if (policy.allowsHost(host)) return null;
  if (addresses.length === 0) return new RefusedUrlError(`The host "${host}" has no address.`);
  const refused = addresses.find((address) => !policy.allowsAddress(address));
  return refused === undefined
    ? null
    : new RefusedUrlError(
        `The host "${host}" resolves to ${refused}, a private, loopback or link-local address, which the server does not call on a user's behalf.`,
      );
}

/**
 * A `lookup` for the sockets of the guarded client: the one DNS answer it checks is the one the
 * socket connects to, so a name cannot resolve to a public address for a check and to a private
 * one for the connection (DNS rebinding). Any refused address refuses the host.
 */
export function checkedLookup(policy: AddressPolicy, resolve: Resolve = resolveAll): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refusal = refusalOf(policy, hostname, addresses);
        if (refusal) return callback(refusal, '', 0);
        const family = typeof options.family === 'number' ? options.family : 0;
        const usable = addresses
          .map((address) => ({ address, family: isIP(address) }))
          .filter((a) => family === 0 || a.family === family);
        const first = usable[0];
        if (!first)
          return callback(new RefusedUrlError(`The host "${hostname}" has no usable address.`), '', 0);
        if (options.all) return (callback as (e: null, a: typeof usable) => void)(null, usable);
        callback(null, first.address, first.family);
      },
      (error: Error) =>
        callback(
          Object.assign(new RefusedUrlError(`The host "${hostname}" could not be resolved.`), {
            cause: error,
          }),
          '',
          0,
        ),
    );
  };
}
