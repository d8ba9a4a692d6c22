import { flag, text } from './env-fields.ts';

/**
 * LDAP sign-in (LibreChat's variable names). On when LDAP_URL and LDAP_USER_SEARCH_BASE are set:
 * the login form then checks its name and password against the directory instead of local
 * passwords.
 */
export const ldapEnvShape = {
  /** ldap:// or ldaps:// URL of the directory server. */
  LDAP_URL: text.refine(
    (v) => v === undefined || /^ldaps?:\/\/[^\s/]+/i.test(v),
    'expected an ldap:// or ldaps:// URL',
  ),
  /** The service account that searches for the person; anonymous search when absent. */
  LDAP_BIND_DN: text,
  LDAP_BIND_CREDENTIALS: text,
  LDAP_USER_SEARCH_BASE: text,
  /** `{{username}}` stands for what the person typed, escaped; default `mail={{username}}`. */
  LDAP_SEARCH_FILTER: text.refine(
    (v) => v === undefined || v.includes('{{username}}'),
    'must contain {{username}}',
  ),
  /** PEM file of the certificate authority that signed the server's certificate (ldaps:// or StartTLS). */
  LDAP_CA_CERT_PATH: text,
  /** `false` accepts any server certificate: for a test directory only. */
  LDAP_TLS_REJECT_UNAUTHORIZED: flag(true),
  /** Upgrade an ldap:// connection with StartTLS before anything is sent. */
  LDAP_STARTTLS: flag(false),
  /** The login form asks for a username instead of an e-mail address. */
  LDAP_LOGIN_USES_USERNAME: flag(false),
  /** Attribute names of the person's stable id, username, e-mail and full name (comma-separated parts). */
  LDAP_ID: text,
  LDAP_USERNAME: text,
  LDAP_EMAIL: text,
  LDAP_FULL_NAME: text,
};

/** LDAP sign-in is on: the directory's address and where its people are are both set. */
export function isLdapConfigured(env: {
  LDAP_URL?: string;
  LDAP_USER_SEARCH_BASE?: string;
}): env is { LDAP_URL: string; LDAP_USER_SEARCH_BASE: string } {
  return Boolean(env.LDAP_URL && env.LDAP_USER_SEARCH_BASE);
}
