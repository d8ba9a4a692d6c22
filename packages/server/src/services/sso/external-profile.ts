/** What an external sign-in tells us about the person, whatever the provider. */
export interface ExternalProfile {
  /** openid, google, github, discord, facebook, apple, saml, ldap or wallet. */
  provider: string;
  /** The provider's stable id of the person. */
  subject: string;
  /** Lower-cased; absent when the provider gave none. */
  email?: string;
  /** True only when the provider vouches that the person controls the address. */
  emailVerified: boolean;
  name?: string;
  username?: string;
  avatar?: string;
}

/** A claim that must be a non-empty string, trimmed and capped; undefined otherwise. */
export function stringClaim(value: unknown, max = 200): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
}

/** Providers send `email_verified` as a boolean, some as the string "true". */
export function verifiedClaim(value: unknown): boolean {
  return value === true || value === 'true';
}

/** An address as we store it, or undefined when it is not one. */
export function emailClaim(value: unknown): string | undefined {
  const email = stringClaim(value, 254)?.toLowerCase();
  return email && /^[^\s@]+@[^\s@]+$/.test(email) ? email : undefined;
}

/** An avatar URL only when it is https: the page shows it to the user on every visit. */
export function avatarClaim(value: unknown): string | undefined {
  const url = stringClaim(value, 2000);
  return url && url.startsWith('https://') ? url : undefined;
}
