import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { seededPng } from '@parley/llm-sim';
import type { Page } from '@playwright/test';
import { chooseModel, lastAnswer, send, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn, useSimParley } from '../support/sim-parley.ts';

// interface.remoteImages' other two choices, each on a server of its own whose allow-list admits
// the picture host on 127.0.0.2 (see remote-images.spec.ts for `ask`, the default).
let pictureHost: Server;
let hostName: string;
const hostHits: string[] = [];

const options = (mode: string) => ({
  models: ['echo'],
  yaml: `interface:\n  remoteImages: ${mode}\n`,
  env: () => ({ USER_BASE_URL_ALLOWLIST: '127.0.0.2' }),
});
const blocking = useSimParley(options('block'));
const allowing = useSimParley(options('allow'));

test.beforeAll(async () => {
  pictureHost = createServer((req, res) => {
    hostHits.push(req.url!);
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(seededPng('remote-picture-modes', 80, 60));
  });
  await new Promise<void>((resolve) => pictureHost.listen(0, '127.0.0.2', resolve));
  hostName = `127.0.0.2:${(pictureHost.address() as AddressInfo).port}`;
});
test.afterAll(() => pictureHost.close());
test.beforeEach(() => {
  hostHits.length = 0;
});

/** Requests the page sends to the picture host or to the image proxy. */
function watch(page: Page) {
  const seen = { host: [] as string[], proxy: [] as string[] };
  page.on('request', (r) => {
    if (new URL(r.url()).host === hostName) seen.host.push(r.url());
    if (r.url().includes('/api/images/proxy')) seen.proxy.push(r.url());
  });
  return seen;
}

test('block: the placeholder names the host, offers no button, and nothing is fetched', async ({
  browser,
}, testInfo) => {
  const { context, page } = await openSignedIn(browser, blocking.server.url, 'img-block');
  const seen = watch(page);
  await chooseModel(page, 'echo');
  await send(page, `Blocked: ![tracker](http://${hostName}/t.png?d=secret)`);
  await waitIdle(page);
  const placeholder = lastAnswer(page).getByTestId('remote-image-placeholder');
  await expect(placeholder).toContainText(`Image from ${hostName}`);
  await expect(placeholder).toContainText('Pictures from other sites are turned off on this server.');
  await expect(placeholder.getByRole('button')).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(seen).toEqual({ host: [], proxy: [] });
  expect(hostHits).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('remote-image-blocked.png') });
  await context.close();
});

test('allow: the picture loads through the proxy with no click, never from its host', async ({ browser }) => {
  const { context, page } = await openSignedIn(browser, allowing.server.url, 'img-allow');
  const seen = watch(page);
  await chooseModel(page, 'echo');
  await send(page, `Allowed: ![chart](http://${hostName}/chart.png)`);
  await waitIdle(page);
  const picture = lastAnswer(page).getByTestId('remote-image');
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(80);
  expect(seen.host).toEqual([]);
  expect(seen.proxy.length).toBeGreaterThan(0);
  expect(hostHits).toEqual(['/chart.png']);
  await context.close();
});
