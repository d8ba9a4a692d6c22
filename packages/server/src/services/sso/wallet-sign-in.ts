import { randomBytes } from 'node:crypto';
import { walletEmail, type WalletChallenge, type WalletVerify } from '@parley/schema';
import type { Hex } from 'viem';
import type { parseSiweMessage } from 'viem/siwe';
import type { AppConfig } from '../../config/app-config.ts';
import type { SignInAttempt } from './attempt-cookie.ts';
import type { ExternalProfile } from './external-profile.ts';
import { SsoError } from './sso-error.ts';

export const WALLET_PROVIDER = 'wallet';
/** A wallet asks for one click: five minutes from challenge to signature is plenty. */
export const WALLET_NONCE_TTL_SECONDS = 300;
/** Tolerated difference between the browser's clock and the server's for the message's times. */
const CLOCK_SKEW_MS = 60_000;

/** What every accepted message must name: this site, its origin and the configured chain. */
export interface WalletSettings {
  /** Host and port of the web app, as the browser's `location.host` reads it. */
  domain: string;
  /** Origin of the web app. */
  uri: string;
  chainId: number;
  statement: string;
}

/** The settings when ALLOW_WALLET_LOGIN is on; null otherwise. */
export function walletSettings(config: AppConfig): WalletSettings | null {
  if (!config.env.ALLOW_WALLET_LOGIN) return null;
  const site = new URL(config.clientDomain);
  return {
    domain: site.host,
    uri: site.origin,
    chainId: config.env.WALLET_CHAIN_ID,
    statement: `Sign in to ${config.appTitle} with this wallet.`,
  };
}

/**
 * A new challenge, and the attempt that binds its nonce to this browser. The nonce is random
 * (128 bits, hex: EIP-4361 wants letters and digits only) and lives as long as the attempt.
 */
export function walletChallenge(
  settings: WalletSettings,
  now = new Date(),
): { challenge: WalletChallenge; attempt: SignInAttempt } {
  const nonce = randomBytes(16).toString('hex');
  return {
    challenge: {
      nonce,
      domain: settings.domain,
      uri: settings.uri,
      chainId: settings.chainId,
      statement: settings.statement,
      issuedAt: now.toISOString(),
      expirationTime: new Date(now.getTime() + WALLET_NONCE_TTL_SECONDS * 1000).toISOString(),
    },
    attempt: { provider: WALLET_PROVIDER, state: nonce, requestId: nonce },
  };
}

/**
 * Who signed: the message must be a Sign-In with Ethereum message for this site, origin and
 * chain, carry the nonce of this browser's attempt, be within its validity times, and be signed
 * by the address it names. Throws SsoError naming what failed.
 */
export async function verifyWalletSignIn(
  settings: WalletSettings,
  input: WalletVerify,
  attempt: SignInAttempt,
  now = new Date(),
): Promise<ExternalProfile> {
  // viem (about 20 MB of resident memory with its SIWE helpers) loads on the first wallet
  // sign-in: a server where nobody signs in with a wallet never holds it.
  const [{ getAddress, isAddress, verifyMessage }, { parseSiweMessage }] = await Promise.all([
    import('viem'),
    import('viem/siwe'),
  ]);
  const message = parseSiweMessage(input.message);
  const invalid = (why: string) => new SsoError('wallet_message_invalid', `The signed message ${why}.`);
  if (!message.address || !isAddress(message.address, { strict: false })) {
    throw invalid('is not a Sign-In with Ethereum message');
  }
  if (message.version !== '1') throw invalid('has an unknown version');
  if (message.domain !== settings.domain) throw invalid('is for another site');
  if (message.scheme !== undefined && `${message.scheme}:` !== new URL(settings.uri).protocol) {
    throw invalid('is for another site');
  }
  if (!message.uri || !sameOrigin(message.uri, settings.uri)) throw invalid('is for another address');
  if (message.chainId !== settings.chainId) throw invalid('is for another chain');
  if (!message.nonce || message.nonce !== attempt.requestId) {
    throw new SsoError('invalid_state', 'The signed message does not answer this browser’s challenge.');
  }
  assertTimely(message, now, invalid);

  const address = getAddress(message.address);
  // A signature that cannot even be decoded is as wrong as one by another key.
  const signed = await verifyMessage({
    address,
    message: input.message,
    signature: input.signature as Hex,
  }).catch(() => false);
  if (!signed) {
    throw new SsoError(
      'wallet_signature_invalid',
      'The signature is not this address’s signature of the message.',
    );
  }
  return {
    provider: WALLET_PROVIDER,
    subject: address.toLowerCase(),
    email: walletEmail(address),
    // The signature proves control of the address the e-mail is made of.
    emailVerified: true,
    name: `${address.slice(0, 6)}…${address.slice(-4)}`,
  };
}

function sameOrigin(uri: string, expected: string): boolean {
  try {
    return new URL(uri).origin === new URL(expected).origin;
  } catch {
    return false;
  }
}

/** Issued now (not in the future, not before the challenge's lifetime), not expired, already valid. */
function assertTimely(
  message: ReturnType<typeof parseSiweMessage>,
  now: Date,
  invalid: (why: string) => SsoError,
): void {
  const at = now.getTime();
  const issued = message.issuedAt?.getTime();
  if (issued === undefined || Number.isNaN(issued)) throw invalid('has no valid issue time');
  if (issued > at + CLOCK_SKEW_MS || issued < at - WALLET_NONCE_TTL_SECONDS * 1000 - CLOCK_SKEW_MS) {
    throw invalid('was not issued for this sign-in');
  }
  const expires = message.expirationTime?.getTime();
  if (expires !== undefined && (Number.isNaN(expires) || expires <= at)) throw invalid('has expired');
  const notBefore = message.notBefore?.getTime();
  if (notBefore !== undefined && (Number.isNaN(notBefore) || notBefore > at)) {
    throw invalid('is not valid yet');
  }
}
