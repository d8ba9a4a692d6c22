import type { WalletChallenge } from '@parley/schema';
import { getAddress, stringToHex } from 'viem/utils';
import { createSiweMessage } from 'viem/siwe';

// Loaded only when the person presses "Connect Wallet", so viem stays out of the login page's
// first download.

/** The address with its EIP-55 checksum letter case, as the message and the page show it. */
export const checksumAddress = (address: string): string => getAddress(address);

/**
 * The Sign-In with Ethereum message for the server's challenge, as text (sent to the server) and
 * as hex (what `personal_sign` takes).
 */
export function walletMessage(address: string, challenge: WalletChallenge): { text: string; hex: string } {
  const text = createSiweMessage({
    address: getAddress(address),
    domain: challenge.domain,
    uri: challenge.uri,
    chainId: challenge.chainId,
    nonce: challenge.nonce,
    statement: challenge.statement,
    version: '1',
    issuedAt: new Date(challenge.issuedAt),
    expirationTime: new Date(challenge.expirationTime),
  });
  return { text, hex: stringToHex(text) };
}
