import { createMigratedDatabase } from './migrated-database.ts';
import { startParley } from './parley-server.ts';

/** A public banner on the second server (its HTML includes a script that must not survive). */
export const BANNER_HTML =
  'Scheduled maintenance on <b>Sunday</b>. <a href="https://example.com/status">Status page</a><img src=x onerror="window.__bannerXss=1">';

/** The second server also has its own application title. */
export const TERMS_APP_TITLE = 'Parley E2E';

export const TERMS_YAML = `version: 1.2.8
interface:
  termsOfService:
    modalAcceptance: true
    modalTitle: Terms of Service for e2e
    modalContent:
      - First paragraph of the terms.
      - Second paragraph of the terms.
`;

/** Creates the instance's first account (its administrator), as the setup page would. */
async function seedOwner(url: string): Promise<void> {
  const password = 'e2e owner password';
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'E2E Owner',
      email: 'owner@e2e.example.com',
      password,
      confirm_password: password,
    }),
  });
  if (!res.ok) throw new Error(`could not create the first account: ${res.status} ${await res.text()}`);
}

/**
 * Starts two real servers for the whole run: the default one, and one whose parley.yaml asks for
 * terms acceptance and which shows a public banner. Their addresses reach the workers through the environment.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const removeMigratedDatabase = createMigratedDatabase();
  const [main, terms] = await Promise.all([
    startParley(),
    startParley({
      yaml: TERMS_YAML,
      env: { APP_TITLE: TERMS_APP_TITLE },
      admin: [['set-banner', '--message', BANNER_HTML, '--public']],
    }),
  ]);
  // A fresh install sends /login to the first-run setup page; the shared servers get their owner
  // first, so every spec meets the sign-in page whatever order the specs run in.
  await Promise.all([seedOwner(main.url), seedOwner(terms.url)]);
  process.env.PARLEY_BASE_URL = main.url;
  process.env.PARLEY_TERMS_URL = terms.url;
  return async () => {
    await Promise.all([main.stop(), terms.stop()]);
    removeMigratedDatabase();
  };
}
