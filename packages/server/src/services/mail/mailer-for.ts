import type { AppContext } from '../../context.ts';
import { createSmtpMailer, type Mailer } from './mailer.ts';

const mailers = new WeakMap<AppContext, Mailer | null>();

/**
 * The instance's one Mailer (null when e-mail is not configured), created on first use and
 * closed on shutdown.
 */
export function mailerFor(ctx: AppContext): Mailer | null {
  if (mailers.has(ctx)) return mailers.get(ctx)!;
  const mailer = ctx.config.emailEnabled ? createSmtpMailer(ctx.config.env) : null;
  mailers.set(ctx, mailer);
  if (mailer) ctx.shutdownTasks.push(async () => mailer.close());
  return mailer;
}
