import type { StartupConfig } from '@parley/schema';
import type { Env } from '../../config/env.ts';
import { isLdapConfigured } from '../../config/ldap-env.ts';

/**
 * `/api/config`'s `ldap` field (LibreChat's shape): present when LDAP_URL and
 * LDAP_USER_SEARCH_BASE are set, with `username` when the form asks for a username.
 */
export function ldapStartupConfig(env: Env): Pick<StartupConfig, 'ldap'> {
  if (!isLdapConfigured(env)) return {};
  return { ldap: { enabled: true, username: env.LDAP_LOGIN_USES_USERNAME } };
}
