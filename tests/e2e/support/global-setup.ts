import { startParley } from './parley-server.ts';

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
 * terms acceptance. Their addresses reach the workers through the environment.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const [main, terms] = await Promise.all([startParley(), startParley({ yaml: TERMS_YAML })]);
  process.env.PARLEY_BASE_URL = main.url;
  process.env.PARLEY_TERMS_URL = terms.url;
  return async () => {
    await Promise.all([main.stop(), terms.stop()]);
  };
}
