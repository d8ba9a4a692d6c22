import { expect, test } from '../support/fixtures.ts';
import { startParley, type RunningServer } from '../support/parley-server.ts';
import { openSignedIn } from '../support/sim-parley.ts';

// A server with search turned off (SEARCH=false): the search boxes of the sidebar and of the
// settings' data tables all follow the flag it reports.
let server: RunningServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startParley({ env: { SEARCH: 'false' } });
});
test.afterAll(() => server?.stop());

test('with search off, neither the sidebar nor the archived and shared-link tables offer a search box', async ({
  browser,
}) => {
  const { context, page } = await openSignedIn(browser, server.url, 'nosearch');
  await expect(page.getByTestId('search-input')).toHaveCount(0);
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByTestId('archive-manage').click();
  const archive = page.getByTestId('archive-manager');
  await expect(archive.getByTestId('no-data')).toBeVisible();
  await expect(archive.getByTestId('archive-search')).toHaveCount(0);
  await page.getByTestId('sub-view-back').click();
  await page.getByRole('tab', { name: 'Data controls' }).click();
  await page.getByTestId('shared-links-manage').click();
  const links = page.getByTestId('shared-links-manager');
  await expect(links.getByTestId('no-data')).toBeVisible();
  await expect(links.getByTestId('shared-links-search')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('shared-links-without-search.png') });
  await context.close();
});
