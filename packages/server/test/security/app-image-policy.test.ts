import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The app pages' img-src, as the running server sends it: no remote host at all (a picture an
 * answer links goes through the image proxy), except the hosts of icons parley.yaml names.
 */
describe('img-src of the app’s pages', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { OPENID_IMAGE_URL: 'https://idp.example/button.png' },
      yaml: `
version: 1.2.8
endpoints:
  custom:
    - name: Icons
      apiKey: sk-test
      baseURL: https://api.example/v1
      iconURL: https://icons.example/logo.png
      models: { default: [m] }
modelSpecs:
  list:
    - name: spec
      label: Spec
      iconURL: https://specs.example/spec.png
      preset: { endpoint: Icons, model: m }
`,
    });
  });
  afterAll(() => server.stop());

  it('allows this origin, data:, blob: and the configured icons’ hosts, never https: as a whole', async () => {
    const res = await server.api('/c/new');
    const policy = res.headers.get('content-security-policy')!;
    const imgSrc = /(?:^|; )img-src ([^;]*)/.exec(policy)?.[1];
    expect(imgSrc).toBe("'self' data: blob: https://icons.example https://idp.example https://specs.example");
  });
});
