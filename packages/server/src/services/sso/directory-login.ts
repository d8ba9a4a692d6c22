import type { UserRow } from '../../db/schema/index.ts';
import { AppError, forbidden, unauthorized } from '../../errors/app-error.ts';
import { resolveExternalAccount } from './external-account-service.ts';
import { DirectoryUnavailableError, type LdapDirectory } from './ldap-directory.ts';
import { SsoError } from './sso-error.ts';
import type { AuthDeps } from '../auth/auth-deps.ts';
import { BAD_CREDENTIALS, BANNED } from '../auth/login-service.ts';

/**
 * The login form's check when LDAP is configured: the directory decides whether the name and
 * password are right, then the account rules of every external sign-in find (or create, or link)
 * the Parley account. A name the directory does not know and a wrong password get the same
 * answer as a wrong local password, so the form tells nobody who has an entry.
 */
export async function checkDirectoryCredentials(
  deps: AuthDeps,
  directory: LdapDirectory,
  input: { email: string; password: string },
): Promise<UserRow> {
  let profile;
  try {
    profile = await directory.authenticate(input.email, input.password);
  } catch (err) {
    if (err instanceof DirectoryUnavailableError) throw new AppError('callback_failed', err.message);
    throw err;
  }
  if (!profile) throw unauthorized(BAD_CREDENTIALS);
  try {
    // The password typed is the directory's; when it is also the local account's, that proves
    // the account is this person's and links it.
    return await resolveExternalAccount(deps, profile, input.password);
  } catch (err) {
    if (!(err instanceof SsoError)) throw err;
    if (err.code === 'account_banned') throw forbidden(BANNED);
    throw new AppError(err.code, err.message);
  }
}
