import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { seededPng } from '@parley/llm-sim';
import type { Page } from '@playwright/test';
import { chooseModel, closePhoneSidebar, lastAnswer, send, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn, useSimParley } from '../support/sim-parley.ts';
import { apiToken } from './conversations-helpers.ts';

// A picture host on 127.0.0.2 plays another site: the server's USER_BASE_URL_ALLOWLIST admits it
// as an operator would admit a host, so Parley's image proxy may fetch from it. The browser must
// never call it: answers are echoed by the simulator's `echo` model, which repeats the message.
const PICTURE = seededPng('remote-picture', 120, 80, 'hi');
let pictureHost: Server;
let hostName: string;
const hostHits: string[] = [];

const stack = useSimParley({ models: ['echo'], env: () => ({ USER_BASE_URL_ALLOWLIST: '127.0.0.2' }) });

test.beforeAll(async () => {
  pictureHost = createServer((req, res) => {
    hostHits.push(req.url!);
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(PICTURE);
  });
  await new Promise<void>((resolve) => pictureHost.listen(0, '127.0.0.2', resolve));
  hostName = `127.0.0.2:${(pictureHost.address() as AddressInfo).port}`;
});
test.afterAll(() => pictureHost.close());
test.beforeEach(() => {
  hostHits.length = 0;
});

/** Every request the page itself sends to the picture host (there must be none). */
function watchHost(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).host === hostName) seen.push(r.url());
  });
  return seen;
}

test('a remote picture in an answer waits behind a placeholder, then loads through the proxy', async ({
  browser,
}, testInfo) => {
  const { context, page } = await openSignedIn(browser, stack.server.url, 'remote-img');
  const browserHits = watchHost(page);
  await chooseModel(page, 'echo');
  await send(page, `Here is the chart: ![sales chart](http://${hostName}/chart.png?d=secret-data)`);
  await waitIdle(page);

  const placeholder = lastAnswer(page).getByTestId('remote-image-placeholder');
  await expect(placeholder).toContainText(`Image from ${hostName}`);
  await expect(placeholder).toContainText('sales chart');
  await expect(placeholder.getByTestId('remote-image-load')).toHaveText('Load image');
  await expect(placeholder.getByTestId('remote-image-always')).toHaveText(`Always load from ${hostName}`);
  await page.waitForTimeout(500);
  expect(hostHits).toEqual([]);
  expect(browserHits).toEqual([]);
  await placeholder.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('remote-image-placeholder-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await closePhoneSidebar(page);
  await placeholder.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('remote-image-placeholder-phone.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  const proxied = page.waitForResponse((r) => r.url().includes('/api/images/proxy?url='));
  await placeholder.getByTestId('remote-image-load').click();
  expect((await proxied).status()).toBe(200);
  const picture = lastAnswer(page).getByTestId('remote-image');
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
  expect(await picture.getAttribute('src')).toMatch(/^blob:/);
  // Parley fetched it once; the browser still never called the host.
  expect(hostHits).toEqual(['/chart.png?d=secret-data']);
  expect(browserHits).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('remote-image-loaded.png') });

  // "Always" for this host: a later picture from it loads with no click, also after a reload.
  await send(page, `And another: ![map](http://${hostName}/map.png)`);
  await waitIdle(page);
  await lastAnswer(page).getByTestId('remote-image-always').click();
  await expect(lastAnswer(page).getByTestId('remote-image')).toBeVisible();
  await page.reload();
  await expect(lastAnswer(page).getByTestId('remote-image')).toBeVisible();
  await expect(page.getByTestId('remote-image-placeholder')).toHaveCount(0);
  expect(browserHits).toEqual([]);
  await context.close();
});

test('a share page’s remote picture goes through the share’s own proxy route, signed out', async ({
  browser,
}) => {
  const { context, page, user } = await openSignedIn(browser, stack.server.url, 'remote-share');
  await chooseModel(page, 'echo');
  await send(page, `Shared chart: ![shared chart](http://${hostName}/shared.png)`);
  await waitIdle(page);
  const conversationId = page.url().split('/c/')[1]!;
  const token = await apiToken(page, user);
  const share = await page.request.post(`/api/share/${conversationId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { shareId } = (await share.json()) as { shareId: string };

  const guestContext = await browser.newContext({ baseURL: stack.server.url });
  const guest = await guestContext.newPage();
  const guestHits = watchHost(guest);
  await guest.goto(`/share/${shareId}`);
  const placeholder = guest.getByTestId('message-assistant').getByTestId('remote-image-placeholder');
  await expect(placeholder).toContainText(`Image from ${hostName}`);
  await guest.screenshot({ path: test.info().outputPath('remote-image-share.png') });
  const proxied = guest.waitForResponse((r) => r.url().includes(`/api/share/${shareId}/images?url=`));
  await placeholder.getByTestId('remote-image-load').click();
  expect((await proxied).status()).toBe(200);
  await expect(guest.getByTestId('message-assistant').getByTestId('remote-image')).toBeVisible();
  expect(guestHits).toEqual([]);
  await guestContext.close();
  await context.close();
});
