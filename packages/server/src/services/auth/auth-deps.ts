import type { AppContext } from '../../context.ts';
import { mailerFor } from '../mail/mailer-for.ts';
import type { Mailer } from '../mail/mailer.ts';
import { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { authLimits, type AuthLimits } from '../rate-limit/auth-limits.ts';
import { TwoFactorTempTokens } from './two-factor-temp-token.ts';

/** What the account services need: the context's parts plus mail and limits. No HTTP types. */
export interface AuthDeps extends Pick<AppContext, 'db' | 'bus' | 'config' | 'logger' | 'accessTokens'> {
  /** null when e-mail is not configured. */
  mailer: Mailer | null;
  limiter: RateLimiter;
  limits: AuthLimits;
  /** The `tempToken` of sign-ins waiting for their second factor. */
  twoFactorTokens: TwoFactorTempTokens;
}

export function authDeps(ctx: AppContext): AuthDeps {
  return {
    db: ctx.db,
    bus: ctx.bus,
    config: ctx.config,
    logger: ctx.logger,
    accessTokens: ctx.accessTokens,
    mailer: mailerFor(ctx),
    limiter: new RateLimiter(ctx.bus, ctx.bans),
    limits: authLimits(ctx.config.env),
    twoFactorTokens: new TwoFactorTempTokens(ctx.config.secrets.jwtSecret),
  };
}
