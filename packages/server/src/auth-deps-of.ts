import type { AppContext } from './context.ts';
import type { AuthDeps } from './services/auth/auth-deps.ts';
import { TwoFactorTempTokens } from './services/auth/two-factor-temp-token.ts';
import { createSmtpMailer, type Mailer } from './services/mail/mailer.ts';
import { authLimits } from './services/rate-limit/auth-limits.ts';
import { RateLimiter } from './services/rate-limit/rate-limiter.ts';

const mailers = new WeakMap<AppContext, Mailer | null>();

/**
 * The instance's one Mailer (null when e-mail is not configured), created on first use and
 * closed on shutdown.
 */
function mailerOf(ctx: AppContext): Mailer | null {
  if (mailers.has(ctx)) return mailers.get(ctx)!;
  const mailer = ctx.config.emailEnabled ? createSmtpMailer(ctx.config.env) : null;
  mailers.set(ctx, mailer);
  if (mailer) ctx.shutdownTasks.push(async () => mailer.close());
  return mailer;
}

/** The account services' dependencies, taken from the application context. */
export function authDepsOf(ctx: AppContext): AuthDeps {
  return {
    db: ctx.db,
    bus: ctx.bus,
    config: ctx.config,
    logger: ctx.logger,
    accessTokens: ctx.accessTokens,
    mailer: mailerOf(ctx),
    limiter: new RateLimiter(ctx.bus, ctx.bans),
    limits: authLimits(ctx.config.env),
    twoFactorTokens: new TwoFactorTempTokens(ctx.config.secrets.jwtSecret),
  };
}
