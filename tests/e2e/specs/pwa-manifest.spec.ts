import { signIn } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

// Parley can be installed as an app where the browser allows it: a web manifest with icons,
// linked from every page. Chromium's own installability check (DevTools protocol) must find
// nothing missing on a secure origin (the test server's loopback address).

test('the web manifest and its icons are served, and Chromium finds the app installable', async ({
  page,
  baseURL,
}) => {
  const res = await page.request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/(manifest\+)?json/);
  const manifest = (await res.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Parley', start_url: '/c/new', display: 'standalone' });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of [...manifest.icons.map((i) => i.src), '/icons/apple-touch-icon-180.png']) {
    const image = await page.request.get(icon);
    expect(image.status(), icon).toBe(200);
    expect(image.headers()['content-type'], icon).toBe('image/png');
  }

  await signIn(page, baseURL!, 'pwamanifest');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const cdp = await page.context().newCDPSession(page);
  // The manifest is fetched by the browser after load; the check answers once it is parsed.
  await expect
    .poll(async () => {
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      // A Playwright context is an incognito profile, where Chromium never offers to install.
      return installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito');
    })
    .toEqual([]);
});
