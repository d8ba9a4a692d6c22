import { z } from 'zod';

/**
 * Wallet sign-in (Sign-In with Ethereum, EIP-4361): the browser asks for a challenge, has the
 * wallet sign a message that names this site, the challenge's nonce and the wallet's address,
 * and sends message and signature back. What the signature proves is checked by the server.
 */

/**
 * Wallet accounts get an e-mail formed from the address and this fixed domain, as the
 * specification's wallet login does. The `.invalid` top-level domain is reserved never to
 * resolve, so no message the server sends to such an account can reach anybody.
 */
export const WALLET_EMAIL_DOMAIN = 'wallet.invalid';

/** `0x` and 40 hexadecimal digits, in any letter case. */
export const WALLET_ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

/** The e-mail of the account a wallet address signs in to (lower-cased, as every e-mail is stored). */
export function walletEmail(address: string): string {
  return `${address.toLowerCase()}@${WALLET_EMAIL_DOMAIN}`;
}

/** GET /api/auth/wallet/nonce: what the wallet's message must contain for the server to accept it. */
export const walletChallengeSchema = z.object({
  nonce: z.string(),
  /** The site's host (and port) the message must name as its domain. */
  domain: z.string(),
  /** The site's origin the message must name as its URI. */
  uri: z.string(),
  chainId: z.number().int(),
  statement: z.string(),
  issuedAt: z.string(),
  /** The message must expire no later than this; the nonce is refused after it anyway. */
  expirationTime: z.string(),
});
export type WalletChallenge = z.infer<typeof walletChallengeSchema>;

/** A SIWE message is a dozen short lines; far larger is not one. */
export const WALLET_MESSAGE_MAX = 4096;

/** POST /api/auth/wallet/verify. */
export const walletVerifySchema = z.object({
  message: z.string().min(1).max(WALLET_MESSAGE_MAX),
  /** An ECDSA signature: 65 bytes, or 64 in the compact form (EIP-2098). */
  signature: z.string().regex(/^0x([0-9a-fA-F]{128}|[0-9a-fA-F]{130})$/, 'Must be a hex signature'),
  /**
   * Link this wallet to the signed-in caller's account (the request carries their access token)
   * instead of signing in with it.
   */
  link: z.boolean().optional(),
});
export type WalletVerify = z.infer<typeof walletVerifySchema>;
