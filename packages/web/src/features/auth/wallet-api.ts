import type { LoginResult, WalletChallenge } from '@parley/schema';
import { api } from '../../api/client';
import { BrowserWallet } from './browser-wallet';

/**
 * Wallet sign-in, step by step: the wallet's account (`onConnected` is told it), the server's
 * challenge, the wallet's signature of the message, and the server's answer: a session or the
 * two-factor step, as a password login answers.
 */
export async function signInWithWallet(onConnected: (address: string) => void): Promise<LoginResult> {
  return api<LoginResult>('/api/auth/wallet/verify', {
    method: 'POST',
    json: await signedChallenge(onConnected),
  });
}

/**
 * The account page's "Link" for a wallet: the same signed challenge, sent with the signed-in
 * person's token and `link: true`, so the wallet joins their account instead of signing in.
 */
export async function linkWalletToAccount(): Promise<void> {
  await api<{ linked: true }>('/api/auth/wallet/verify', {
    method: 'POST',
    json: { ...(await signedChallenge(() => undefined)), link: true },
  });
}

async function signedChallenge(onConnected: (address: string) => void) {
  const wallet = BrowserWallet.find();
  // The message module loads while the wallet shows its prompt.
  const [picked, siwe] = await Promise.all([wallet.connect(), import('./siwe-message')]);
  const address = siwe.checksumAddress(picked);
  onConnected(address);
  const challenge = await api<WalletChallenge>('/api/auth/wallet/nonce');
  const message = siwe.walletMessage(address, challenge);
  const signature = await wallet.sign(message.hex, address);
  return { message: message.text, signature };
}
