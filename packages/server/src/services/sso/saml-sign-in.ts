import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type * as NodeSamlModule from '@node-saml/node-saml';
import type { CacheProvider, Profile, SAML } from '@node-saml/node-saml';
import type { AppConfig } from '../../config/app-config.ts';
import { ATTEMPT_TTL_SECONDS, type SignInAttempt } from './attempt-cookie.ts';
import { avatarClaim, emailClaim, stringClaim, type ExternalProfile } from './external-profile.ts';
import { assertSecureProviderUrl } from './loopback.ts';
import { SsoError } from './sso-error.ts';
import { callbackUrl, type CompletedSignIn, type RedirectSignIn, type SignInStart } from './sso-flow.ts';

type NodeSaml = typeof NodeSamlModule;
/**
 * node-saml, with its XML parser and signature libraries (about 15 MB of resident memory), is
 * imported by the first SAML sign-in instead of by every server's start.
 */
const loadNodeSaml = (): Promise<NodeSaml> => import('@node-saml/node-saml');

/** The SAML_* settings, or null when SAML is not configured. */
export interface SamlSettings {
  entryPoint: string;
  /** This service's entity id: the AuthnRequest's issuer and the audience assertions must name. */
  issuer: string;
  /** The identity provider's signing certificate(s), PEM. */
  idpCert: string;
  callbackUrl: string;
  responseSigned: boolean;
  claims: {
    email?: string;
    username?: string;
    givenName?: string;
    familyName?: string;
    picture?: string;
    name?: string;
  };
}

export function samlSettings(config: AppConfig): SamlSettings | null {
  const { env } = config;
  if (!env.SAML_ENTRY_POINT || !env.SAML_ISSUER || !env.SAML_CERT) return null;
  assertSecureProviderUrl(new URL(env.SAML_ENTRY_POINT), 'SAML_ENTRY_POINT');
  return {
    entryPoint: env.SAML_ENTRY_POINT,
    issuer: env.SAML_ISSUER,
    idpCert: readCertificate(env.SAML_CERT),
    callbackUrl: callbackUrl(config.serverDomain, env.SAML_CALLBACK_URL, 'saml'),
    responseSigned: env.SAML_USE_AUTHN_RESPONSE_SIGNED,
    claims: {
      email: env.SAML_EMAIL_CLAIM,
      username: env.SAML_USERNAME_CLAIM,
      givenName: env.SAML_GIVEN_NAME_CLAIM,
      familyName: env.SAML_FAMILY_NAME_CLAIM,
      picture: env.SAML_PICTURE_CLAIM,
      name: env.SAML_NAME_CLAIM,
    },
  };
}

/** SAML_CERT holds the PEM itself, a bare base64 certificate, or the path of a PEM file. */
export function readCertificate(value: string): string {
  const text = value.trim();
  if (text.includes('-----BEGIN')) return text;
  if (/^[A-Za-z0-9+/=\s]{200,}$/.test(text)) return text.replace(/\s+/g, '');
  const path = resolve(text);
  if (!existsSync(path)) throw new Error(`SAML_CERT is neither a certificate nor a readable file: ${text}`);
  return readFileSync(path, 'utf8').trim();
}

/** The attribute names tried, in order, when no SAML_*_CLAIM names one. */
const USUAL = {
  email: [
    'email',
    'mail',
    'urn:oid:0.9.2342.19200300.100.1.3',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  ],
  username: ['username', 'uid', 'urn:oid:0.9.2342.19200300.100.1.1'],
  givenName: [
    'given_name',
    'givenName',
    'urn:oid:2.5.4.42',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
  ],
  familyName: [
    'family_name',
    'surname',
    'sn',
    'urn:oid:2.5.4.4',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
  ],
  picture: ['picture'],
  name: ['name', 'displayName', 'urn:oid:2.16.840.1.113730.3.1.241'],
};

/**
 * SAML 2.0 sign-in with node-saml as the service provider: an AuthnRequest by HTTP-Redirect,
 * the answer by HTTP-POST. An answer counts only when its assertion is signed by SAML_CERT (and
 * the response too with SAML_USE_AUTHN_RESPONSE_SIGNED), names this service as its audience, is
 * within its validity window, and answers the request this browser's attempt cookie names —
 * each request id is accepted once.
 */
export class SamlSignIn implements RedirectSignIn {
  readonly provider = 'saml';
  constructor(
    private readonly settings: SamlSettings,
    /** The pending request ids (a SamlRequestCache over the Bus). */
    private readonly cache: CacheProvider,
  ) {}

  ready(): boolean {
    return true;
  }

  /** One node-saml instance per request: its id generator then returns the id we remember. */
  private saml(lib: NodeSaml, requestId = samlId()): SAML {
    const s = this.settings;
    return new lib.SAML({
      entryPoint: s.entryPoint,
      issuer: s.issuer,
      audience: s.issuer,
      callbackUrl: s.callbackUrl,
      idpCert: s.idpCert,
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: s.responseSigned,
      validateInResponseTo: lib.ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: ATTEMPT_TTL_SECONDS * 1000,
      cacheProvider: this.cache,
      // Clocks of two machines differ a little; a minute is the usual allowance.
      acceptedClockSkewMs: 60_000,
      identifierFormat: null,
      disableRequestedAuthnContext: true,
      signatureAlgorithm: 'sha256',
      generateUniqueId: () => requestId,
    });
  }

  async begin(): Promise<SignInStart> {
    const requestId = samlId();
    const state = randomBytes(16).toString('base64url');
    const redirectUrl = await this.saml(await loadNodeSaml(), requestId).getAuthorizeUrlAsync(
      state,
      undefined,
      {},
    );
    return { redirectUrl, attempt: { provider: this.provider, state, requestId } };
  }

  /** `fields` holds the POSTed SAMLResponse; the caller has matched RelayState to the attempt. */
  async complete(fields: URLSearchParams, attempt: SignInAttempt): Promise<CompletedSignIn> {
    const response = fields.get('SAMLResponse');
    if (!response) throw new SsoError('missing_code', 'The identity provider sent no SAMLResponse.');
    const lib = await loadNodeSaml();
    let profile: Profile | null;
    try {
      ({ profile } = await this.saml(lib).validatePostResponseAsync({ SAMLResponse: response }));
    } catch (err) {
      throw refusal(lib, err);
    }
    if (!profile) throw new SsoError('assertion_rejected', 'The SAML response carried no assertion.');
    // node-saml accepts an answer to any request still pending; this browser must get the
    // answer to its own, or a response obtained by someone else could be planted in it.
    if (profile.inResponseTo !== attempt.requestId) {
      throw new SsoError('invalid_state', 'The SAML response answers another sign-in request.');
    }
    return { profile: this.profile(profile) };
  }

  private profile(saml: Profile): ExternalProfile {
    const pick = (kind: keyof typeof USUAL) => {
      const configured = this.settings.claims[kind];
      const names = configured ? [configured] : USUAL[kind];
      for (const name of names) {
        const value = attribute(saml[name]);
        if (value) return value;
      }
      return undefined;
    };
    const subject = stringClaim(saml.nameID, 500);
    if (!subject) throw new SsoError('assertion_rejected', 'The SAML assertion names nobody.');
    const email = emailClaim(pick('email')) ?? emailClaim(subject);
    const name =
      stringClaim(pick('name')) ??
      ([stringClaim(pick('givenName')), stringClaim(pick('familyName'))].filter(Boolean).join(' ') ||
        undefined);
    return {
      provider: this.provider,
      subject,
      email,
      // The identity provider is the organisation's own, configured by the administrator, and
      // its assertion is signed: the address it states is taken as checked by the organisation.
      emailVerified: email !== undefined,
      name,
      username: stringClaim(pick('username')),
      avatar: avatarClaim(pick('picture')),
    };
  }
}

/** A request id: an XML ID must not start with a digit. */
function samlId(): string {
  return `_${randomBytes(20).toString('hex')}`;
}

/** An attribute's value: the first string of a multi-valued one. */
function attribute(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value.find((v) => typeof v === 'string') : value;
  return typeof first === 'string' ? first : undefined;
}

/** What a node-saml refusal means for the person: a cancelled sign-in, a stale one, or a bad answer. */
function refusal(lib: NodeSaml, err: unknown): SsoError {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof lib.SamlStatusError) return new SsoError('access_denied', message);
  // The request it answers is unknown here: spent by an earlier sign-in, expired, or never ours.
  if (/^(Subject)?InResponseTo is not valid$/.test(message)) return new SsoError('invalid_state', message);
  return new SsoError('assertion_rejected', message);
}
