import { artifactBlock as block, echo } from '../support/artifacts.ts';
import { signIn } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

// The artifacts switch says "Artifacts" in words (it was an unnamed shapes icon, and artifacts are
// off by default), and opening the panel on a screen narrower than 1600 px collapses the sidebar,
// so the chat keeps its width beside the panel.

const SHOTS = process.env.SHOTS_OUT ?? 'test-results/screenshots';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>';

test('below 1600 px the artifacts panel collapses the sidebar; the switch is labelled', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, baseURL!, 'artsidebar');
  await expect(page.getByTestId('artifacts-mode-label')).toHaveText('Artifacts');
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toHaveAttribute('data-state', 'open');
  await echo(page, `A circle:\n\n${block('circle', 'image/svg+xml', 'Circle', 'svg', SVG)}`);
  await expect(page.getByTestId('artifacts-panel')).toBeVisible();
  await expect(sidebar).toHaveAttribute('data-state', 'closed');
  // The sidebar's width went to the chat: it is down to its rail of icons.
  await expect.poll(async () => (await sidebar.boundingBox())?.width ?? 0).toBeLessThan(120);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SHOTS}/artifacts-sidebar-1440-${scheme}.png` });
  }
});

test('at 1600 px and wider the sidebar stays open beside the panel', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1700, height: 900 });
  await signIn(page, baseURL!, 'artwide');
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toHaveAttribute('data-state', 'open');
  await echo(page, `A circle:\n\n${block('circle', 'image/svg+xml', 'Circle', 'svg', SVG)}`);
  await expect(page.getByTestId('artifacts-panel')).toBeVisible();
  await page.waitForTimeout(500);
  await expect(sidebar).toHaveAttribute('data-state', 'open');
});
