import { isIP } from 'node:net';
import type { AppConfig } from '../../config/app-config.ts';

/** Who the passkeys belong to, as WebAuthn names it: the site's host name, origin and title. */
export interface RelyingParty {
  /** The host name passkeys are scoped to (never a port or scheme; browsers refuse an IP). */
  id: string;
  /** The exact origin the browser must report in its signed client data. */
  origin: string;
  name: string;
}

/**
 * Derived from DOMAIN_CLIENT (the address people open Parley at; DOMAIN_SERVER or HOST:PORT when
 * unset), so a passkey registered on that site works there only — the browser and the server
 * both hold the ceremony to this origin.
 */
export function relyingPartyOf(config: Pick<AppConfig, 'clientDomain' | 'env'>): RelyingParty {
  const url = new URL(config.clientDomain);
  return { id: url.hostname, origin: url.origin, name: config.env.APP_TITLE ?? 'Parley' };
}

/**
 * Why passkeys cannot work at this address, or null when they can: browsers refuse an IP address
 * as the relying party, so a deployment opened by IP must be given a host name (DOMAIN_CLIENT).
 */
export function passkeysUnavailableReason(rp: RelyingParty): string | null {
  const host = rp.id.replace(/^\[|\]$/g, '');
  if (isIP(host) === 0) return null;
  return `Passkeys cannot work at ${rp.origin}: browsers refuse an IP address for them. Set DOMAIN_CLIENT to the host name people open Parley at.`;
}
