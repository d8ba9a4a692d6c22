import type * as openIdClient from 'openid-client';
import { onFirstUse } from '../../on-first-use.ts';

export type OpenIdClient = typeof openIdClient;

/**
 * openid-client (with oauth4webapi), imported by the first OpenID or social sign-in: a server
 * whose people sign in with a password would hold it for nothing.
 */
export const loadOpenIdClient = onFirstUse((): Promise<OpenIdClient> => import('openid-client'));
