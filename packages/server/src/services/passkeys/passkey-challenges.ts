import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { webauthnChallenges } from '../../db/schema/index.ts';

/** How long the browser has to answer a challenge (also the options' `timeout`). */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;

export type ChallengePurpose = 'registration' | 'authentication';

/** Keeps a challenge the server just generated, and clears out the expired ones. */
export async function storeChallenge(
  db: Database,
  challenge: string,
  purpose: ChallengePurpose,
  userId: string | null,
  now = new Date(),
): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    userId,
    expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS),
  });
}

/**
 * Uses up a challenge: true when it was issued for this purpose (and, for a registration, to this
 * person) and has not expired. The row is deleted in the same statement that finds it, so two
 * answers to one challenge cannot both pass.
 */
export async function takeChallenge(
  db: Database,
  challenge: string,
  purpose: ChallengePurpose,
  userId: string | null,
  now = new Date(),
): Promise<boolean> {
  const taken = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return taken.length === 1;
}

/**
 * The challenge a browser signed, read from its client data (base64url JSON). Null when the
 * client data is not that shape; the WebAuthn library checks everything else in it.
 */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown;
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 512
      ? challenge
      : null;
  } catch {
    return null;
  }
}
