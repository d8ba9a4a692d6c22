import { PASSKEY_MESSAGES as M, type Passkey, type PasskeyRegistration } from '@parley/schema';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Database } from '../../db/client.ts';
import { passkeys, type UserRow } from '../../db/schema/index.ts';
import { badRequest, conflict } from '../../errors/app-error.ts';
import {
  challengeOf,
  PASSKEY_CHALLENGE_TTL_MS,
  storeChallenge,
  takeChallenge,
} from './passkey-challenges.ts';
import { countPasskeys, listPasskeys, toPublicPasskey } from './passkey-store.ts';
import type { RelyingParty } from './relying-party.ts';
import { webauthnUserId } from './webauthn-user-id.ts';
import { loadWebAuthn } from './webauthn-library.ts';

/** More than anyone keeps; the cap stops one account from filling the table. */
export const MAX_PASSKEYS_PER_USER = 20;
export const TOO_MANY_PASSKEYS = `You can register at most ${MAX_PASSKEYS_PER_USER} passkeys.`;

/**
 * Passkeys are for accounts that sign in with a password, as two-factor is: an account that signs
 * in through an identity provider must keep doing so, or removing someone there would not lock
 * them out here.
 */
function requirePasswordAccount(user: UserRow): void {
  if (user.provider !== 'local') throw badRequest(M.localOnly);
}

/**
 * The options for navigator.credentials.create. The passkey must be discoverable (the sign-in
 * page does not ask for an address first) and must verify its holder (PIN or biometrics): that
 * second check is why a passkey sign-in needs no two-factor code. Keys already registered are
 * excluded, so one authenticator is not registered twice.
 */
export async function passkeyRegistrationOptions(
  db: Database,
  rp: RelyingParty,
  user: UserRow,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  requirePasswordAccount(user);
  const existing = await listPasskeys(db, user.id);
  if (existing.length >= MAX_PASSKEYS_PER_USER) throw badRequest(TOO_MANY_PASSKEYS);
  const options = await (
    await loadWebAuthn()
  ).generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name || user.email,
    userID: webauthnUserId(user.id),
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({
      id: p.credentialId,
      transports: p.transports,
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(db, options.challenge, 'registration', user.id);
  return options;
}

/**
 * Checks the browser's answer to a registration challenge issued to this person and stores the
 * new passkey. The challenge is used up first, so a failed or repeated answer needs new options.
 */
export async function registerPasskey(
  db: Database,
  rp: RelyingParty,
  user: UserRow,
  input: PasskeyRegistration,
): Promise<Passkey> {
  requirePasswordAccount(user);
  const challenge = challengeOf(input.response.response.clientDataJSON);
  if (!challenge || !(await takeChallenge(db, challenge, 'registration', user.id))) {
    throw badRequest(M.challengeInvalid);
  }
  const info = await verified(input.response as RegistrationResponseJSON, challenge, rp);
  const count = await countPasskeys(db, user.id);
  if (count >= MAX_PASSKEYS_PER_USER) throw badRequest(TOO_MANY_PASSKEYS);
  const [row] = await db
    .insert(passkeys)
    .values({
      userId: user.id,
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      name: input.name ?? `Passkey ${count + 1}`,
      backedUp: info.credentialBackedUp,
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  if (!row) throw conflict(M.alreadyRegistered);
  return toPublicPasskey(row);
}

async function verified(response: RegistrationResponseJSON, challenge: string, rp: RelyingParty) {
  // Loaded before the try: a library that failed to load is a server fault, not a refused passkey.
  const { verifyRegistrationResponse } = await loadWebAuthn();
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (result.verified) return result.registrationInfo;
  } catch {
    // A malformed attestation, wrong origin or relying party: the same refusal as a failed check.
  }
  throw badRequest(M.verificationFailed);
}
