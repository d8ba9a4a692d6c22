import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import type { Client, Entry } from 'ldapts';
import type { Logger } from 'pino';
import type { Env } from '../../config/env.ts';
import { isLdapConfigured } from '../../config/ldap-env.ts';
import { onFirstUse } from '../../on-first-use.ts';
import { emailClaim, stringClaim, type ExternalProfile } from './external-profile.ts';
import { searchFilter } from './ldap-filter.ts';
import { isLoopbackUrl } from './loopback.ts';

/** How long a connection, and then each operation, may take before the sign-in fails. */
const CONNECT_TIMEOUT_MS = 5_000;
const OPERATION_TIMEOUT_MS = 10_000;

/** ldapts, imported by the first directory sign-in: only servers with LDAP configured call it. */
const loadLdapts = onFirstUse(() => import('ldapts'));

/** The LDAP_* settings, or null when LDAP sign-in is not configured. */
export interface LdapSettings {
  url: string;
  bindDn?: string;
  bindCredentials?: string;
  searchBase: string;
  searchFilter?: string;
  startTls: boolean;
  tls: ConnectionOptions;
  usesUsername: boolean;
  attributes: { id?: string; username?: string; email: string; fullName?: string[] };
}

export function ldapSettings(env: Env): LdapSettings | null {
  if (!isLdapConfigured(env)) return null;
  const url = new URL(env.LDAP_URL);
  // Every sign-in sends a password: in clear only to this machine.
  if (url.protocol === 'ldap:' && !env.LDAP_STARTTLS && !isLoopbackUrl(url)) {
    throw new Error(
      `LDAP_URL must be ldaps://, or ldap:// with LDAP_STARTTLS=true (plain ldap:// only on a loopback address): ${env.LDAP_URL}`,
    );
  }
  return {
    url: env.LDAP_URL,
    bindDn: env.LDAP_BIND_DN,
    bindCredentials: env.LDAP_BIND_CREDENTIALS,
    searchBase: env.LDAP_USER_SEARCH_BASE,
    searchFilter: env.LDAP_SEARCH_FILTER,
    startTls: env.LDAP_STARTTLS,
    tls: {
      rejectUnauthorized: env.LDAP_TLS_REJECT_UNAUTHORIZED,
      ...(env.LDAP_CA_CERT_PATH ? { ca: [readFileSync(env.LDAP_CA_CERT_PATH)] } : {}),
      // StartTLS upgrades a plain socket, which carries no host name for the certificate check.
      host: url.hostname.replace(/^\[|\]$/g, ''),
    },
    usesUsername: env.LDAP_LOGIN_USES_USERNAME,
    attributes: {
      id: env.LDAP_ID,
      username: env.LDAP_USERNAME,
      email: env.LDAP_EMAIL ?? 'mail',
      fullName: env.LDAP_FULL_NAME?.split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    },
  };
}

/** The directory could not be asked (down, refused TLS, the service account's bind failed). */
export class DirectoryUnavailableError extends Error {
  override name = 'DirectoryUnavailableError';
}

/**
 * Sign-in against an LDAP directory: bind as the service account (or anonymously), search for
 * the one entry the login name matches, then bind as that entry with the typed password. Only
 * the directory ever sees the password; Parley keeps none.
 */
export class LdapDirectory {
  constructor(
    readonly settings: LdapSettings,
    private readonly logger: Logger,
  ) {}

  /**
   * The person's profile when the name matches exactly one entry and the password is that
   * entry's; null otherwise (no entry, several, a wrong password). Throws
   * DirectoryUnavailableError when the directory cannot answer.
   */
  async authenticate(login: string, password: string): Promise<ExternalProfile | null> {
    // An empty password would be an "unauthenticated bind", which many servers accept.
    if (!login || !password) return null;
    const { Client, InvalidCredentialsError } = await loadLdapts();
    const client = new Client({
      url: this.settings.url,
      connectTimeout: CONNECT_TIMEOUT_MS,
      timeout: OPERATION_TIMEOUT_MS,
      // ldapts speaks TLS from the first byte whenever it is given TLS options: only for ldaps://.
      ...(this.settings.url.toLowerCase().startsWith('ldaps:') ? { tlsOptions: this.settings.tls } : {}),
    });
    try {
      const entry = await this.findEntry(client, login);
      if (!entry) return null;
      try {
        await client.bind(entry.dn, password);
      } catch (err) {
        if (err instanceof InvalidCredentialsError) return null;
        throw err;
      }
      return this.profileOf(entry);
    } catch (err) {
      this.logger.warn({ err, url: this.settings.url }, 'LDAP sign-in could not reach the directory');
      throw new DirectoryUnavailableError('The directory could not be reached.', { cause: err });
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }

  private async findEntry(client: Client, login: string): Promise<Entry | null> {
    const { settings } = this;
    // A copy: startTLS writes the socket it upgrades into the options it is given.
    if (settings.startTls) await client.startTLS({ ...settings.tls });
    if (settings.bindDn) await client.bind(settings.bindDn, settings.bindCredentials ?? '');
    const { id, username, email, fullName } = settings.attributes;
    const { SizeLimitExceededError } = await loadLdapts();
    let entries: Entry[];
    try {
      ({ searchEntries: entries } = await client.search(settings.searchBase, {
        scope: 'sub',
        filter: searchFilter(settings.searchFilter, login),
        attributes: [
          ...new Set([id, username, email, ...(fullName ?? []), ...DEFAULT_ATTRIBUTES].filter(isString)),
        ],
        explicitBufferAttributes: BINARY_ATTRIBUTES,
        // Two are enough to know that the name is ambiguous.
        sizeLimit: 2,
      }));
    } catch (err) {
      if (err instanceof SizeLimitExceededError) return this.ambiguous(login);
      throw err;
    }
    return entries.length > 1 ? this.ambiguous(login) : (entries[0] ?? null);
  }

  /** A name that matches several people signs in none of them: the filter is too loose. */
  private ambiguous(login: string): null {
    this.logger.warn({ login }, 'LDAP sign-in refused: the name matches several directory entries');
    return null;
  }

  private profileOf(entry: Entry): ExternalProfile {
    const { id, username, email, fullName } = this.settings.attributes;
    const first = (...names: (string | undefined)[]) =>
      names.map((n) => (n ? attribute(entry, n) : undefined)).find(Boolean);
    const name = fullName?.length
      ? stringClaim(fullName.map((a) => attribute(entry, a) ?? '').join(' '))
      : (first('cn', 'displayName') ??
        stringClaim(`${attribute(entry, 'givenName') ?? ''} ${attribute(entry, 'sn') ?? ''}`));
    return {
      provider: 'ldap',
      // The entry's stable id; its DN only as a last resort, since a rename or move changes it.
      subject:
        (id ? attribute(entry, id) : first('entryUUID', 'objectGUID', 'uid', 'sAMAccountName')) ?? entry.dn,
      email: emailClaim(attribute(entry, email)),
      // The directory is the organisation's own, kept by its administrators.
      emailVerified: true,
      name,
      username: stringClaim(username ? attribute(entry, username) : first('uid', 'sAMAccountName'), 80),
    };
  }
}

/** What the default mappings read when LDAP_ID, LDAP_USERNAME or LDAP_FULL_NAME are not set. */
const DEFAULT_ATTRIBUTES = [
  'entryUUID',
  'objectGUID',
  'uid',
  'sAMAccountName',
  'cn',
  'displayName',
  'givenName',
  'sn',
];

/** Ids that are bytes, not text (Active Directory's objectGUID). */
const BINARY_ATTRIBUTES = ['objectGUID'];

function isString(value: string | undefined): value is string {
  return typeof value === 'string';
}

/** An attribute's first value as text (binary ids such as objectGUID as hex); undefined when absent. */
function attribute(entry: Entry, name: string): string | undefined {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === name.toLowerCase());
  if (!key || key === 'dn') return undefined;
  const raw = entry[key];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined) return undefined;
  const text = Buffer.isBuffer(value) ? value.toString('hex') : String(value);
  return text.trim() || undefined;
}
