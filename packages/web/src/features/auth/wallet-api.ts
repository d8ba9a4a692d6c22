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
  // The message module loads while the wallet shows its prompt.
  const [picked, siwe] = await Promise.all([wallet.connect(), import('./siwe-message')]);
  const address = siwe.checksumAddress(picked);
  onConnected(address);
  const challenge = await api<WalletChallenge>('/api/auth/wallet/nonce');
  const message = siwe.walletMessage(address, challenge);
  const signature = await wallet.sign(message.hex, address);
  return api<LoginResult>('/api/auth/wallet/verify', {
    method: 'POST',
    json: { message: message.text, signature },
  });
}
