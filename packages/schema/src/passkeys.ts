import { z } from 'zod';

/**
 * Passkeys (WebAuthn): the payloads of registering one in the Account settings, signing in with
 * one, and naming or removing them. The browser's credential answers are checked for shape and
 * size here; what they prove is checked by the server's WebAuthn library.
 */

/** Base64url as WebAuthn's JSON encodings use it (padding tolerated). */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Must be base64url');

/** Longest credential id WebAuthn allows is 1023 bytes: 1364 base64url characters. */
const credentialId = base64url(1400);

export const PASSKEY_NAME_MAX = 64;
export const passkeyNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(PASSKEY_NAME_MAX, `Name must be at most ${PASSKEY_NAME_MAX} characters`);

const clientExtensionResults = z.record(z.string(), z.unknown()).default({});
const attachment = z.enum(['platform', 'cross-platform']).optional();

export const passkeyRegistrationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  authenticatorAttachment: attachment,
  clientExtensionResults,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(32_768),
    authenticatorData: base64url(16_384).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
});

export const passkeyRegistrationSchema = z.object({
  name: passkeyNameSchema.optional(),
  response: passkeyRegistrationResponseSchema,
});
export type PasskeyRegistration = z.infer<typeof passkeyRegistrationSchema>;

export const passkeyAuthenticationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  authenticatorAttachment: attachment,
  clientExtensionResults,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(16_384),
    // Post-quantum passkeys sign with ML-DSA (Chromium's own authenticator now offers it): an
    // ML-DSA-87 signature is 4,627 bytes, 6,170 base64url characters — far above ECDSA's ~100.
    signature: base64url(8192),
    userHandle: base64url(128).optional(),
  }),
});

export const passkeyAuthenticationSchema = z.object({
  response: passkeyAuthenticationResponseSchema,
});
export type PasskeyAuthentication = z.infer<typeof passkeyAuthenticationSchema>;

export const passkeyRenameSchema = z.object({ name: passkeyNameSchema });

/** One of the caller's passkeys as the settings list shows it (never the key material). */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Whether the authenticator says the key is synced (a backed-up, multi-device passkey). */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });

/**
 * The options the browser passes to navigator.credentials.create/get, as JSON. Only the fields
 * the client reads are described; the WebAuthn library fills in the rest.
 */
export const passkeyOptionsSchema = z
  .object({ challenge: z.string(), rpId: z.string().optional(), timeout: z.number().optional() })
  .loose();

/** The answers' texts, shared by the server and the web app. */
export const PASSKEY_MESSAGES = {
  challengeInvalid: 'This passkey request has expired or was already used. Please try again.',
  verificationFailed: 'The passkey could not be verified.',
  unknownPasskey: 'This passkey is not registered with Parley.',
  alreadyRegistered: 'This passkey is already registered.',
  notFound: 'Passkey not found',
  removed: 'Passkey removed',
  localOnly: 'Passkeys are only available for accounts that sign in with a password.',
} as const;
