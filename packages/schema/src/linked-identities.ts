import { z } from 'zod';

/**
 * The Account settings' linked sign-ins: the external identities (OpenID, SAML, the social
 * providers, a wallet) that enter the caller's account, and the start of linking another one.
 */

/** The providers an account page can link: the redirect sign-ins and the wallet. */
export const LINKABLE_PROVIDERS = [
  'openid',
  'saml',
  'google',
  'github',
  'discord',
  'facebook',
  'apple',
  'wallet',
] as const;
export type LinkableProvider = (typeof LINKABLE_PROVIDERS)[number];
export const linkableProviderSchema = z.enum(LINKABLE_PROVIDERS, { error: 'Unknown sign-in provider' });

/** One external identity of the caller's account (GET /api/user/identities). */
export const linkedIdentitySchema = z.object({
  id: z.string(),
  provider: z.string(),
  /** The address the provider gave at the last sign-in, if any. */
  email: z.string().nullable(),
  linkedAt: z.string(),
  lastLoginAt: z.string(),
});
export type LinkedIdentity = z.infer<typeof linkedIdentitySchema>;

export const linkedIdentitiesSchema = z.object({
  identities: z.array(linkedIdentitySchema),
  /** Whether the account has a password: a link may be removed only while another way in remains. */
  hasPassword: z.boolean(),
});
export type LinkedIdentities = z.infer<typeof linkedIdentitiesSchema>;

/** POST /api/user/identities/link/{provider}: where the browser goes to sign in at the provider. */
export const linkStartSchema = z.object({ redirectUrl: z.string() });
export type LinkStart = z.infer<typeof linkStartSchema>;

/** The identity's id in DELETE /api/user/identities/{id}. */
export const identityIdSchema = z.string().uuid('Unknown identity');

/** POST /api/auth/wallet/verify with `link: true`. */
export const walletLinkedAnswerSchema = z.object({ linked: z.literal(true) });
