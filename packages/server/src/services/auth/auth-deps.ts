import type { Logger } from 'pino';
import type { Bus } from '../../bus/bus.ts';
import type { AppConfig } from '../../config/app-config.ts';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { AuthLimits } from '../rate-limit/auth-limits.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import type { AccessTokens } from './access-token.ts';
import type { TwoFactorTempTokens } from './two-factor-temp-token.ts';

/**
 * What the account services need: storage, the Bus, configuration, tokens, mail and limits. No
 * HTTP types, and not the whole application context: `auth-deps-of.ts` at the top of the server
 * builds this from the context, so the account services never import the context that lists them.
 */
export interface AuthDeps {
  db: Database;
  bus: Bus;
  config: AppConfig;
  logger: Logger;
  accessTokens: AccessTokens;
  /** null when e-mail is not configured. */
  mailer: Mailer | null;
  limiter: RateLimiter;
  limits: AuthLimits;
  /** The `tempToken` of sign-ins waiting for their second factor. */
  twoFactorTokens: TwoFactorTempTokens;
}
