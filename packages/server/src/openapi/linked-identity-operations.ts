import { linkedIdentitiesSchema, linkStartSchema, messageAnswerSchema } from '@parley/schema';
import type { OperationDoc } from './operation-doc.ts';

/** The Account settings' linked sign-ins (routes/linked-identity-routes.ts). */
export const linkedIdentityOperations: OperationDoc[] = [
  {
    method: 'get',
    path: '/api/user/identities',
    tag: 'External sign-in',
    summary: "The caller's linked external sign-ins",
    description:
      "OpenID, SAML, social and wallet identities that enter the caller's account, and whether the account has a password.",
    access: 'user',
    answers: [{ status: 200, description: 'The linked sign-ins', schema: linkedIdentitiesSchema }],
  },
  {
    method: 'delete',
    path: '/api/user/identities/:id',
    tag: 'External sign-in',
    summary: "Unlink one of the caller's external sign-ins",
    description:
      "404 for an id that is not one of the caller's; 409 `last_sign_in_method` when it is the account's only way in (no password, no other linked sign-in).",
    access: 'user',
    answers: [{ status: 200, description: 'Unlinked', schema: messageAnswerSchema }],
  },
  {
    method: 'post',
    path: '/api/user/identities/link/:provider',
    tag: 'External sign-in',
    summary: "Start linking an external sign-in to the caller's account",
    description:
      "For `openid`, `saml` and the social providers: sets the signed httpOnly attempt cookie, bound to the caller and this sign-in, and answers the provider's address for the page to navigate to. The provider's answer then links the identity to the caller's account (lands on `/c/new?linked=<provider>`), or lands on `/c/new?link_error=<code>`: `identity_linked_elsewhere` (it enters another account), `link_session_ended` (the caller signed out meanwhile), `invalid_state` (replayed or from another browser). The session is never replaced. 400 for an unknown provider, 404 `provider_disabled` for one not enabled (and for `wallet`, which links through its verify call with `link: true`).",
    access: 'user',
    answers: [{ status: 200, description: "The provider's address", schema: linkStartSchema }],
  },
];
