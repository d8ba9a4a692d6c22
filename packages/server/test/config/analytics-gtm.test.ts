// ANALYTICS_GTM_ID: the startup config carries the id (the web app starts Google Tag Manager from
// it) and the app's pages may then load the tag's script and send its beacons; without the id,
// neither.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

describe('an analytics id', () => {
  let withId: TestServer;
  let without: TestServer;
  beforeAll(async () => {
    [withId, without] = await Promise.all([
      startTestServer({ env: { ANALYTICS_GTM_ID: 'GTM-ABC123' } }),
      startTestServer(),
    ]);
  });
  afterAll(() => Promise.all([withId?.stop(), without?.stop()]));

  it('is in the startup config and lets the pages load Google Tag Manager', async () => {
    const config = (await (await withId.api('/api/config')).json()) as { analyticsGtmId?: string };
    expect(config.analyticsGtmId).toBe('GTM-ABC123');
    const page = await fetch(`${withId.url}/c/new`);
    expect(page.headers.get('content-security-policy')).toMatch(
      /script-src [^;]*https:\/\/\*\.googletagmanager\.com/,
    );
  });

  it('is absent, with no analytics sources in the policy, when not set', async () => {
    const config = (await (await without.api('/api/config')).json()) as { analyticsGtmId?: string };
    expect(config).not.toHaveProperty('analyticsGtmId');
    const page = await fetch(`${without.url}/c/new`);
    expect(page.headers.get('content-security-policy')).not.toContain('googletagmanager');
  });
});
