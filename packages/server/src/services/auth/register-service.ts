import { EMAIL_VERIFICATION_TTL_SECONDS, type RegisterPayload } from '@parley/schema';
import { forbidden } from '../../errors/app-error.ts';
import { normalizeEmail } from '../users/public-user.ts';
import { createUser } from '../users/user-service.ts';
import type { AuthDeps } from './auth-deps.ts';
import { sendVerificationMail } from './email-verification-service.ts';
import { hashPassword } from './password.ts';

export const REGISTRATION_NOT_ALLOWED = 'Registration is not allowed.';
export const DOMAIN_NOT_ALLOWED = 'Registration is not allowed for this email domain.';

/** Whether parley.yaml's registration.allowedDomains admits the address (no list: any). */
export function isEmailDomainAllowed(email: string, allowedDomains: string[] | undefined): boolean {
  if (!allowedDomains || allowedDomains.length === 0) return true;
  const domain = normalizeEmail(email).split('@').pop() ?? '';
  return allowedDomains.some((d) => d.trim().toLowerCase() === domain);
}

/** Refuses when ALLOW_REGISTRATION is off; routes call it before even reading the body. */
export function assertRegistrationOpen(config: AuthDeps['config']): void {
  if (!config.env.ALLOW_REGISTRATION) throw forbidden(REGISTRATION_NOT_ALLOWED);
}

/**
 * Creates a local account. A taken email gets the very same answer as a new account
 * and creates nothing, so the form cannot be used to find out who has an account. Without
 * e-mail configured accounts count as verified, as nobody could ever verify them.
 */
export async function registerUser(deps: AuthDeps, input: RegisterPayload): Promise<{ message: string }> {
  const { emailEnabled } = deps.config;
  assertRegistrationOpen(deps.config);
  if (!isEmailDomainAllowed(input.email, deps.config.yaml.registration?.allowedDomains)) {
    throw forbidden(DOMAIN_NOT_ALLOWED);
  }
  const message = emailEnabled
    ? 'Registration successful. Please check your email to verify your email address.'
    : 'Registration successful.';
  // Hash first: a taken address then costs the same time as a new one.
  const passwordHash = await hashPassword(input.password);
  const user = await createUser(deps.db, {
    name: input.name,
    username: input.username,
    email: input.email,
    passwordHash,
    emailVerified: !emailEnabled,
  });
  if (user && emailEnabled) {
    await sendVerificationMail(deps, user, EMAIL_VERIFICATION_TTL_SECONDS).catch((err: unknown) => {
      // The account exists; the user can ask for a new mail. Failing here would lose nothing
      // but confuse them into registering again.
      deps.logger.error({ err }, 'could not send the verification mail');
    });
  }
  return { message };
}
