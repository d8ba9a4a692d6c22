import {
  avatarClaim,
  emailClaim,
  stringClaim,
  verifiedClaim,
  type ExternalProfile,
} from './external-profile.ts';

export const SOCIAL_PROVIDER_NAMES = ['google', 'github', 'discord', 'facebook', 'apple'] as const;
export type SocialProviderName = (typeof SOCIAL_PROVIDER_NAMES)[number];

/** The provider's addresses. Tests point them at a local server that speaks the same shapes. */
export interface SocialEndpoints {
  authorization: string;
  token: string;
  /** The profile read with the access token (not for Apple, whose ID token is the profile). */
  profile?: string;
  /** GitHub: the list of addresses with their verified flags. */
  emails?: string;
  /** Providers that return an ID token: who signs it and where its keys are. */
  issuer?: string;
  jwks?: string;
}

/** Reads a profile answer (plus, for GitHub, the e-mail list) into our profile shape. */
type ProfileReader = (
  provider: SocialProviderName,
  data: { profile: Record<string, unknown>; emails?: unknown; idClaims?: Record<string, unknown> },
) => ExternalProfile;

export interface SocialProviderSpec {
  endpoints: SocialEndpoints;
  scope: string;
  /** Whether the provider takes a PKCE challenge (Apple documents none; it gets the nonce only). */
  pkce: boolean;
  /** Apple answers with a form POST when the scope asks for name or e-mail. */
  responseMode?: 'form_post';
  read: ProfileReader;
}

const subjectOf = (value: unknown): string => {
  if (typeof value === 'string' && value) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  throw new Error('the provider returned no account id');
};

/**
 * Each social provider's endpoints and profile mapping. An address counts as verified only when
 * the provider says so: Google and Apple `email_verified`, GitHub's e-mail list, Discord
 * `verified`. Facebook shares an address only once its owner confirmed it, so it counts as
 * verified.
 */
export const SOCIAL_PROVIDERS_SPEC: Record<SocialProviderName, SocialProviderSpec> = {
  google: {
    endpoints: {
      authorization: 'https://accounts.google.com/o/oauth2/v2/auth',
      token: 'https://oauth2.googleapis.com/token',
      profile: 'https://openidconnect.googleapis.com/v1/userinfo',
      issuer: 'https://accounts.google.com',
      jwks: 'https://www.googleapis.com/oauth2/v3/certs',
    },
    scope: 'openid profile email',
    pkce: true,
    read: (provider, { profile }) => ({
      provider,
      subject: subjectOf(profile.sub),
      email: emailClaim(profile.email),
      emailVerified: verifiedClaim(profile.email_verified),
      name: stringClaim(profile.name),
      avatar: avatarClaim(profile.picture),
    }),
  },
  github: {
    endpoints: {
      authorization: 'https://github.com/login/oauth/authorize',
      token: 'https://github.com/login/oauth/access_token',
      profile: 'https://api.github.com/user',
      emails: 'https://api.github.com/user/emails',
    },
    scope: 'user:email',
    pkce: true,
    read: (provider, { profile, emails }) => {
      const list = Array.isArray(emails) ? (emails as Record<string, unknown>[]) : [];
      const primary = list.find((e) => e.primary === true) ?? list.find((e) => e.verified === true);
      return {
        provider,
        subject: subjectOf(profile.id),
        email: emailClaim(primary?.email ?? profile.email),
        emailVerified: primary?.verified === true,
        name: stringClaim(profile.name) ?? stringClaim(profile.login),
        username: stringClaim(profile.login),
        avatar: avatarClaim(profile.avatar_url),
      };
    },
  },
  discord: {
    endpoints: {
      authorization: 'https://discord.com/oauth2/authorize',
      token: 'https://discord.com/api/oauth2/token',
      profile: 'https://discord.com/api/users/@me',
    },
    scope: 'identify email',
    pkce: true,
    read: (provider, { profile }) => {
      const id = subjectOf(profile.id);
      const avatar = stringClaim(profile.avatar);
      return {
        provider,
        subject: id,
        email: emailClaim(profile.email),
        emailVerified: profile.verified === true,
        name: stringClaim(profile.global_name) ?? stringClaim(profile.username),
        username: stringClaim(profile.username),
        avatar:
          avatar && /^\w+$/.test(avatar)
            ? `https://cdn.discordapp.com/avatars/${id}/${avatar}.png`
            : undefined,
      };
    },
  },
  facebook: {
    endpoints: {
      authorization: 'https://www.facebook.com/v19.0/dialog/oauth',
      token: 'https://graph.facebook.com/v19.0/oauth/access_token',
      profile: 'https://graph.facebook.com/v19.0/me?fields=id,name,email,picture.type(large)',
    },
    scope: 'public_profile email',
    pkce: true,
    read: (provider, { profile }) => {
      const picture = (profile.picture as { data?: { url?: unknown } } | undefined)?.data?.url;
      const email = emailClaim(profile.email);
      return {
        provider,
        subject: subjectOf(profile.id),
        email,
        emailVerified: email !== undefined,
        name: stringClaim(profile.name),
        avatar: avatarClaim(picture),
      };
    },
  },
  apple: {
    endpoints: {
      authorization: 'https://appleid.apple.com/auth/authorize',
      token: 'https://appleid.apple.com/auth/token',
      issuer: 'https://appleid.apple.com',
      jwks: 'https://appleid.apple.com/auth/keys',
    },
    scope: 'name email',
    pkce: false,
    responseMode: 'form_post',
    read: (provider, { idClaims = {}, profile }) => {
      // Apple sends the name once, on the first sign-in, beside the code (the `user` field).
      const name = (profile.name ?? {}) as { firstName?: unknown; lastName?: unknown };
      const full = [stringClaim(name.firstName), stringClaim(name.lastName)].filter(Boolean).join(' ');
      return {
        provider,
        subject: subjectOf(idClaims.sub),
        email: emailClaim(idClaims.email),
        emailVerified: verifiedClaim(idClaims.email_verified),
        name: full || undefined,
      };
    },
  },
};
