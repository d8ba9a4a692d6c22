import { EMAIL_VERIFICATION_TTL_SECONDS, type RegisterPayload } from '@parley/schema';
import { forbidden } from '../../errors/app-error.ts';
import { normalizeEmail } from '../users/public-user.ts';
import { createUser } from '../users/user-service.ts';
import type { AuthDeps } from './auth-deps.ts';
import { sendVerificationMail } from './email-verification-service.ts';
import { consumeInvitation } from './invitations.ts';
import { hashPassword } from './password.ts';
import type { Database } from '../../db/client.ts';

export const REGISTRATION_NOT_ALLOWED = 'Registration is not allowed.';
export const DOMAIN_NOT_ALLOWED = 'Registration is not allowed for this email domain.';
/** One answer for a wrong, used, expired or other address's invitation: it reveals nothing. */
export const INVITATION_INVALID = 'This invitation is invalid or has expired.';

/** Whether parley.yaml's registration.allowedDomains admits the address (no list: any). */
export function isEmailDomainAllowed(email: string, allowedDomains: string[] | undefined): boolean {
  if (!allowedDomains || allowedDomains.length === 0) return true;
  const domain = normalizeEmail(email).split('@').pop() ?? '';
  return allowedDomains.some((d) => d.trim().toLowerCase() === domain);
}

/**
 * Refuses when ALLOW_REGISTRATION is off, unless the request carries an invitation token (checked
 * later, with the address it is for); routes call it before validating the body.
 */
export function assertRegistrationOpen(config: AuthDeps['config'], body?: unknown): void {
  if (config.env.ALLOW_REGISTRATION || hasInvitationToken(body)) return;
  throw forbidden(REGISTRATION_NOT_ALLOWED);
}

function hasInvitationToken(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const token = (body as { token?: unknown }).token;
  return typeof token === 'string' && token.length > 0;
}

/**
 * Creates a local account. A taken email gets the very same answer as a new account
 * and creates nothing, so the form cannot be used to find out who has an account. Without
 * e-mail configured accounts count as verified, as nobody could ever verify them.
 */
export async function registerUser(deps: AuthDeps, input: RegisterPayload): Promise<{ message: string }> {
  const { emailEnabled } = deps.config;
  assertRegistrationOpen(deps.config, input);
  // An administrator's invitation names the address itself, so the domain list does not apply.
  if (!input.token && !isEmailDomainAllowed(input.email, deps.config.yaml.registration?.allowedDomains)) {
    throw forbidden(DOMAIN_NOT_ALLOWED);
  }
  const message = emailEnabled
    ? 'Registration successful. Please check your email to verify your email address.'
    : 'Registration successful.';
  // Hash first: a taken address then costs the same time as a new one.
  const passwordHash = await hashPassword(input.password);
  const newUser = {
    name: input.name,
    username: input.username,
    email: input.email,
    passwordHash,
    emailVerified: !emailEnabled,
  };
  // An invitation is the administrator naming the address for its holder; a self-declared
  // address proves nothing until its verification link is followed (never, without mail).
  const user = input.token
    ? await createInvitedUser(deps.db, input.token, { ...newUser, emailProof: 'admin' })
    : await createUser(deps.db, newUser);
  if (user && emailEnabled) {
    await sendVerificationMail(deps, user, EMAIL_VERIFICATION_TTL_SECONDS).catch((err: unknown) => {
      // The account exists; the user can ask for a new mail. Failing here would lose nothing
      // but confuse them into registering again.
      deps.logger.error({ err }, 'could not send the verification mail');
    });
  }
  return { message };
}

/**
 * Uses up the invitation and creates the account in one transaction: a failure to create leaves
 * the invitation valid, and two registrations with one token cannot both pass. The invited address
 * counts as verified only if mail is off, as for everyone: the link proves who holds it, not the
 * mailbox.
 */
async function createInvitedUser(
  db: Database,
  token: string,
  newUser: Parameters<typeof createUser>[1],
): ReturnType<typeof createUser> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    if (!(await consumeInvitation(txDb, newUser.email, token))) throw forbidden(INVITATION_INVALID);
    return createUser(txDb, newUser);
  });
}
