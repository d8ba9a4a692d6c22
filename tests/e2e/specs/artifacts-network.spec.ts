import { test as plainTest, type Page, type Route } from '@playwright/test';
import { artifactBlock, echo, previewFrame } from '../support/artifacts.ts';
import { signIn } from '../support/chat.ts';
import { expect } from '../support/fixtures.ts';
import { startParley, type RunningServer } from '../support/parley-server.ts';
import { attackOn } from '../support/webrtc-attack.ts';

/**
 * The preview's network switch. Requests to https://assets.example are answered by the test
 * (page.route), so a request the preview's policy lets through gets an answer and one it refuses
 * never leaves the browser: what differs between the two servers is only ARTIFACTS_ALLOW_NETWORK.
 */
const REMOTE = 'https://assets.example';

async function answerRemote(page: Page): Promise<void> {
  await page.route(`${REMOTE}/**`, (route: Route) => {
    const path = new URL(route.request().url()).pathname;
    const headers = { 'Access-Control-Allow-Origin': '*' };
    if (path === '/data.json') return route.fulfill({ json: { word: 'remote-data' }, headers });
    if (path === '/lib.js')
      return route.fulfill({
        body: 'window.remoteLib = "remote-script";',
        contentType: 'text/javascript',
        headers,
      });
    if (path === '/dot.svg')
      return route.fulfill({
        body: '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>',
        contentType: 'image/svg+xml',
        headers,
      });
    return route.fulfill({ status: 404, headers });
  });
}

/** An HTML artifact that tries the remote address, plain http and Parley's own secrets. */
const probe = (parley: string) => `<!doctype html><html><body><ul id="r"></ul><script>
const out = (k, v) => { const li = document.createElement('li'); li.id = k; li.textContent = v; document.getElementById('r').append(li); };
try { out('cookie', 'read:' + document.cookie); } catch (e) { out('cookie', 'blocked'); }
try { out('storage', 'read:' + localStorage.length); } catch (e) { out('storage', 'blocked'); }
fetch('${REMOTE}/data.json').then(r => r.json()).then(j => out('fetch', j.word), () => out('fetch', 'blocked'));
fetch('${parley}/api/user').then(r => out('api', 'status:' + r.status), () => out('api', 'blocked'));
const s = document.createElement('script'); s.src = '${REMOTE}/lib.js';
s.onload = () => out('script', String(window.remoteLib)); s.onerror = () => out('script', 'blocked');
document.body.append(s);
const img = new Image(); img.onload = () => out('img', 'loaded'); img.onerror = () => out('img', 'blocked'); img.src = '${REMOTE}/dot.svg';
</script></body></html>`;

async function openProbe(page: Page, baseURL: string) {
  await page.setViewportSize({ width: 1400, height: 900 });
  await answerRemote(page);
  await signIn(page, baseURL, 'artnet');
  await echo(page, artifactBlock('probe', 'text/html', 'Probe', 'html', probe(baseURL)));
  return previewFrame(page);
}

plainTest('without ARTIFACTS_ALLOW_NETWORK the preview reaches no address at all', async ({ page }) => {
  const baseURL = process.env.PARLEY_BASE_URL!;
  const frame = await openProbe(page, baseURL);
  for (const id of ['fetch', 'script', 'img', 'api', 'cookie', 'storage'])
    await expect(frame.locator(`#${id}`)).toHaveText('blocked');
  const res = await page.request.get(`${baseURL}/artifacts/preview`);
  expect(res.headers()['content-security-policy']).toContain("connect-src 'none'");
});

// WebRTC ignores connect-src, so the preview blocks it by other means: no STUN packet may leave
// by any route, with the network switch off and on (support/webrtc-attack.ts).
plainTest('an artifact sends no STUN packet by any route (network off)', async ({ browser }) => {
  await attackOn(browser, process.env.PARLEY_BASE_URL!);
});

plainTest.describe('with ARTIFACTS_ALLOW_NETWORK=true', () => {
  let server: RunningServer;
  plainTest.beforeAll(async () => {
    server = await startParley({ env: { ARTIFACTS_ALLOW_NETWORK: 'true' } });
  });
  plainTest.afterAll(async () => {
    await server?.stop();
  });

  plainTest('an artifact sends no STUN packet by any route (network on)', async ({ browser }) => {
    await attackOn(browser, server.url);
  });

  plainTest(
    'https: loads; plain http:, Parley’s API, cookies and storage stay closed',
    async ({ browser }) => {
      const context = await browser.newContext({ baseURL: server.url });
      const page = await context.newPage();
      const violations: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
      });
      const frame = await openProbe(page, server.url);
      await expect(frame.locator('#fetch')).toHaveText('remote-data');
      await expect(frame.locator('#script')).toHaveText('remote-script');
      await expect(frame.locator('#img')).toHaveText('loaded');
      await expect(frame.locator('#api')).toHaveText('blocked');
      await expect(frame.locator('#cookie')).toHaveText('blocked');
      await expect(frame.locator('#storage')).toHaveText('blocked');
      await expect(page.getByTestId('artifact-preview')).toHaveAttribute('sandbox', 'allow-scripts');
      // The one refusal is the plain-http request to Parley's API.
      expect(violations.length).toBeGreaterThan(0);
      for (const v of violations) expect(v).toContain('/api/user');
      await page.screenshot({ path: 'test-results/screenshots/artifacts-network-on.png' });
      await context.close();
    },
  );
});
