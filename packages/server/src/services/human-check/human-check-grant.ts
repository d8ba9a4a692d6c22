import { createHash, randomBytes } from 'node:crypto';
import type { Bus } from '../../bus/bus.ts';
import { normalizeEmail } from '../users/public-user.ts';

/** How long the sign-in right after registering may take. */
export const HUMAN_CHECK_GRANT_TTL_MS = 2 * 60_000;

const grantKey = (hash: string) => `human-grant:${hash}`;
const usedKey = (hash: string) => `human-grant-used:${hash}`;
const hashOf = (grant: string) => createHash('sha256').update(grant).digest('hex');

/**
 * The provider accepts each human-check answer once, and registration spends it; the sign-in the
 * page starts right after registering would then fail. Registration therefore hands back a grant:
 * a random token, kept (hashed) in the Bus for two minutes, good for one sign-in of the address
 * that registered. The answer carries one whether the address was new or taken, so it tells
 * nobody which addresses have accounts.
 */
export async function issueHumanCheckGrant(bus: Bus, email: string): Promise<string> {
  const grant = randomBytes(32).toString('base64url');
  await bus.set(grantKey(hashOf(grant)), normalizeEmail(email), HUMAN_CHECK_GRANT_TTL_MS);
  return grant;
}

/**
 * Uses up a grant for a sign-in of `email`: true once, for the address it was issued to, within
 * its lifetime. The claim is one set-if-absent, so two sign-ins with one grant cannot both pass.
 */
export async function takeHumanCheckGrant(bus: Bus, grant: string, email: string): Promise<boolean> {
  const hash = hashOf(grant);
  const issuedTo = await bus.get(grantKey(hash));
  if (issuedTo === null || issuedTo !== normalizeEmail(email)) return false;
  if (!(await bus.setIfAbsent(usedKey(hash), '1', HUMAN_CHECK_GRANT_TTL_MS))) return false;
  await bus.del(grantKey(hash));
  return true;
}
