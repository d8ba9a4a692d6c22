import type { LoginResult, WalletChallenge } from '@parley/schema';
import { api } from '../../api/client';
import { BrowserWallet } from './browser-wallet';

/**
 * Wallet sign-in, step by step: the wallet's account (`onConnected` is told it), the server's
 * challenge, the wallet's signature of the message, and the server's answer: a session or the
 * two-factor step, as a password login answers.
 */
export async function signInWithWallet(onConnected: (address: string) => void): Promise<LoginResult> {
  const wallet = BrowserWallet.find();
  const address = await wallet.connect();
  onConnected(address);
  const [challenge, { walletMessage }] = await Promise.all([
    api<WalletChallenge>('/api/auth/wallet/nonce'),
    import('./siwe-message'),
  ]);
  const message = walletMessage(address, challenge);
  const signature = await wallet.sign(message.hex, address);
  return api<LoginResult>('/api/auth/wallet/verify', {
    method: 'POST',
    json: { message: message.text, signature },
  });
}
