import type { LinkReason, UserRow } from '../../db/schema/index.ts';
import { verifyPassword } from '../auth/password.ts';

/**
 * Why an external sign-in whose provider vouches for an address may enter the local account
 * that already holds that address — or null when nothing says the two are one person.
 *
 * Anyone may register a local account under somebody else's address before its owner ever
 * signs in (without mail nothing checks it; a wallet's address is public). Linking on the
 * address alone would then put the owner into that account, where the first registrant's
 * password still reads everything. So the address must be proven the account holder's — by
 * the verification mail, by an administrator who created or invited the account, or by a
 * provider that created it — or the person must type the account's password in this very
 * sign-in (the directory login, LDAP, where the form carries one).
 */
export async function linkProof(account: UserRow, typedPassword?: string): Promise<LinkReason | null> {
  if (account.emailProof) return 'address';
  if (typedPassword !== undefined && (await verifyPassword(account.passwordHash, typedPassword))) {
    return 'password';
  }
  return null;
}
