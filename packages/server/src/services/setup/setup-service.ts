import type { SetupPayload, SetupStatus } from '@parley/schema';
import type { AppConfig } from '../../config/app-config.ts';
import type { Database } from '../../db/client.ts';
import type { StoredProvider, UserRow } from '../../db/schema/index.ts';
import { isLdapConfigured } from '../../config/ldap-env.ts';
import { badRequest, conflict, forbidden } from '../../errors/app-error.ts';
import { hashPassword } from '../auth/password.ts';
import { encryptSecret } from '../keys/key-cipher.ts';
import { FIRST_USER_LOCK, createUser, hasAnyUser } from '../users/user-service.ts';
import { fixedSettings, providerKeyContext } from './instance-settings-config.ts';
import { saveInstanceSettings } from './instance-settings-store.ts';
import { checkProviderKey } from './provider-key-check.ts';

export const SETUP_DONE = 'This instance is already set up. Sign in instead.';
export const SETUP_OFF =
  'Setup is off here: accounts sign in through LDAP or an external provider, and the first to sign in becomes the administrator.';

/**
 * The page makes a local account with a password, which can sign in only with e-mail login on
 * and no LDAP directory (the login form then asks the directory instead).
 */
export function setupOffered(config: AppConfig): boolean {
  return config.env.ALLOW_EMAIL_LOGIN && !isLdapConfigured(config.env);
}

/** `GET /api/setup`. */
export async function setupStatus(db: Database, config: AppConfig): Promise<SetupStatus> {
  return {
    required: setupOffered(config) && !(await hasAnyUser(db)),
    appTitle: config.appTitle,
    fixedBy: fixedSettings(config),
  };
}

/** Refuses setup once an account exists, or where the page's account could never sign in. */
export async function assertSetupOpen(db: Database, config: AppConfig): Promise<void> {
  if (!setupOffered(config)) throw forbidden(SETUP_OFF);
  if (await hasAnyUser(db)) throw conflict(SETUP_DONE);
}

/**
 * Creates the administrator and saves the instance's settings, once. The first-account lock and
 * the "no account yet" check run in one transaction with the insert, so of two setups racing only
 * one creates an account; the other gets 409 and changes nothing. The provider's key is tried
 * first, outside the transaction (it is a network call), and a refused key saves nothing.
 */
export async function runSetup(db: Database, config: AppConfig, input: SetupPayload): Promise<UserRow> {
  await assertSetupOpen(db, config);
  const fixed = fixedSettings(config);
  const provider = input.provider && !fixed.providers[input.provider.kind] ? input.provider : undefined;
  if (provider) {
    const check = await checkProviderKey(provider);
    if (!check.ok) throw badRequest(check.message);
  }
  const passwordHash = await hashPassword(input.password);
  const stored: StoredProvider | null = provider
    ? {
        kind: provider.kind,
        apiKeyEncrypted: encryptSecret(
          provider.apiKey,
          config.secrets.credsKey,
          providerKeyContext(provider.kind),
        ),
        ...(provider.baseURL ? { baseURL: provider.baseURL } : {}),
      }
    : null;
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await tx.execute(FIRST_USER_LOCK);
    if (await hasAnyUser(txDb)) throw conflict(SETUP_DONE);
    const admin = await createUser(txDb, {
      name: input.name,
      username: input.username,
      email: input.email,
      passwordHash,
      // The operator typed the address while installing; nothing could mail it a link yet.
      emailVerified: true,
      role: 'ADMIN',
    });
    if (!admin) throw conflict(SETUP_DONE);
    await saveInstanceSettings(txDb, { appTitle: input.appTitle, provider: stored });
    return admin;
  });
}
