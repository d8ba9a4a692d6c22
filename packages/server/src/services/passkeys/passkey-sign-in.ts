import { PASSKEY_MESSAGES as M, type PasskeyAuthentication } from '@parley/schema';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { Database } from '../../db/client.ts';
import type { PasskeyRow, UserRow } from '../../db/schema/index.ts';
import { AppError, badRequest, forbidden, unauthorized } from '../../errors/app-error.ts';
import type { AuthDeps } from '../auth/auth-deps.ts';
import { BANNED, requiresVerification, UNVERIFIED } from '../auth/login-service.ts';
import { isBanned } from '../users/public-user.ts';
import { findUserById } from '../users/user-service.ts';
import {
  challengeOf,
  PASSKEY_CHALLENGE_TTL_MS,
  storeChallenge,
  takeChallenge,
} from './passkey-challenges.ts';
import { findPasskeyByCredentialId, recordPasskeyUse } from './passkey-store.ts';
import type { RelyingParty } from './relying-party.ts';
import { webauthnUserHandle } from './webauthn-user-id.ts';
import { loadWebAuthn } from './webauthn-library.ts';

/**
 * The options for navigator.credentials.get. No credential list: the browser offers the person's
 * discoverable passkeys for this site, so the page need not ask who they are first.
 */
export async function passkeySignInOptions(
  db: Database,
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await (
    await loadWebAuthn()
  ).generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_TTL_MS,
  });
  await storeChallenge(db, options.challenge, 'authentication', null);
  return options;
}

/**
 * Checks a passkey's answer to a sign-in challenge and returns the account it signs in. The
 * challenge is used up before anything else (a replayed answer finds it gone), the signature is
 * checked against the stored public key with user verification required, and the signature
 * counter must move forward when the authenticator keeps one (a cloned key shows as a counter
 * that goes back). The account's own state applies as for a password sign-in.
 */
export async function verifyPasskeySignIn(
  deps: Pick<AuthDeps, 'db' | 'config'>,
  rp: RelyingParty,
  input: PasskeyAuthentication,
): Promise<UserRow> {
  const { db } = deps;
  const response = input.response as AuthenticationResponseJSON;
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!challenge || !(await takeChallenge(db, challenge, 'authentication', null))) {
    throw badRequest(M.challengeInvalid);
  }
  if (response.id !== response.rawId) throw unauthorized(M.verificationFailed);
  const passkey = await findPasskeyByCredentialId(db, response.id);
  if (!passkey) throw unauthorized(M.unknownPasskey);
  // The authenticator names the account it created this key for; it must be the key's owner.
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== webauthnUserHandle(passkey.userId)) {
    throw unauthorized(M.verificationFailed);
  }
  const newCounter = await verifiedCounter(response, challenge, rp, passkey);
  if (!(await recordPasskeyUse(db, passkey, newCounter))) throw unauthorized(M.verificationFailed);
  const user = await findUserById(db, passkey.userId);
  if (!user) throw unauthorized(M.unknownPasskey);
  if (isBanned(user)) throw forbidden(BANNED);
  if (requiresVerification(deps.config) && !user.emailVerified) {
    throw new AppError('email_not_verified', UNVERIFIED);
  }
  return user;
}

async function verifiedCounter(
  response: AuthenticationResponseJSON,
  challenge: string,
  rp: RelyingParty,
  passkey: PasskeyRow,
): Promise<number> {
  // Loaded before the try: a library that failed to load is a server fault, not a refused passkey.
  const { verifyAuthenticationResponse } = await loadWebAuthn();
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports,
      },
    });
    if (result.verified) return result.authenticationInfo.newCounter;
  } catch {
    // A bad signature, origin or relying party, or a counter that did not move forward.
  }
  throw unauthorized(M.verificationFailed);
}
