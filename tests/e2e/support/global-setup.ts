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
  process.env.PARLEY_BASE_URL = main.url;
  process.env.PARLEY_TERMS_URL = terms.url;
  return async () => {
    await Promise.all([main.stop(), terms.stop()]);
    removeMigratedDatabase();
  };
}
