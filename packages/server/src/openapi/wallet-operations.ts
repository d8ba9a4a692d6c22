import {
  authAnswerSchema,
  twoFactorPendingAnswerSchema,
  walletChallengeSchema,
  walletLinkedAnswerSchema,
  walletVerifySchema,
} from '@parley/schema';
import { z } from 'zod';
import type { OperationDoc } from './operation-doc.ts';

/** Wallet sign-in (Sign-In with Ethereum, EIP-4361); on when ALLOW_WALLET_LOGIN is set. */
export const walletOperations: OperationDoc[] = [
  {
    method: 'get',
    path: '/api/auth/wallet/nonce',
    tag: 'External sign-in',
    summary: 'Start a wallet sign-in',
    description:
      'A challenge for the Sign-In with Ethereum message: the nonce, and the domain, URI and chain id the message must name. The nonce is bound to this browser by the httpOnly attempt cookie, answers one verify call and expires in five minutes. 404 `provider_disabled` when wallet sign-in is off.',
    access: 'public',
    answers: [
      { status: 200, description: 'The challenge; the attempt cookie is set', schema: walletChallengeSchema },
    ],
  },
  {
    method: 'post',
    path: '/api/auth/wallet/verify',
    tag: 'External sign-in',
    summary: 'Sign in with a signed Sign-In with Ethereum message',
    description:
      "The message must name this site's domain and origin and the configured chain, carry the nonce of this browser's challenge, be within its issue, expiry and not-before times, and be signed (EIP-191) by the address it names. The account is the one whose e-mail is `<address>@wallet.invalid`; a first sign-in creates it only with ALLOW_SOCIAL_REGISTRATION. Refusals: 400 `invalid_state` (no challenge in this browser, another nonce, a replay), 400 `wallet_message_invalid`, 401 `wallet_signature_invalid`, 403 `registration_disabled` or `account_banned`, 409 `account_not_linked` (a password account whose address nothing proves holds `<address>@wallet.invalid`). With `link: true` and the caller's access token the wallet is linked to the caller's account instead (no new session): 401 without a signed-in caller, 409 `identity_linked_elsewhere` when the wallet enters another account.",
    access: 'optional-user',
    body: walletVerifySchema,
    answers: [
      {
        status: 200,
        description: 'Signed in (the refresh cookie is set), the two-factor step pending, or linked',
        schema: z.union([authAnswerSchema, twoFactorPendingAnswerSchema, walletLinkedAnswerSchema]),
      },
    ],
  },
];
