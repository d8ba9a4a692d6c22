import type { Browser, Page } from '@playwright/test';
import { closePhoneSidebar, signIn } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

// The message box on the smallest phones people use (360 px wide): its placeholder on one line,
// every control inside the screen and apart from the others, and no tooltip from a tap — on a
// touch screen a tap already acts, and a tooltip it opened stayed on screen over the menu the same
// tap opened.

const SHOTS = process.env.SHOTS_OUT ?? 'test-results/screenshots';

async function touchPage(browser: Browser, baseURL: string, width: number, height: number): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height },
    hasTouch: true,
    isMobile: true,
  });
  return context.newPage();
}

test('at 360 px the placeholder is one line and every composer control fits', async ({
  browser,
  baseURL,
}) => {
  const page = await touchPage(browser, baseURL!, 360, 740);
  await signIn(page, baseURL!, 'composer360');
  await closePhoneSidebar(page);
  const input = page.getByTestId('chat-input');
  // The placeholder's one line fits in the box's width.
  const fits = await input.evaluate((el: HTMLTextAreaElement) => {
    const style = getComputedStyle(el);
    const probe = document.createElement('span');
    probe.style.font = style.font;
    probe.style.whiteSpace = 'nowrap';
    probe.textContent = el.placeholder;
    document.body.append(probe);
    const needed = probe.getBoundingClientRect().width;
    probe.remove();
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { needed, room };
  });
  expect(fits.needed).toBeLessThanOrEqual(fits.room);
  expect((await input.boundingBox())!.height).toBeLessThan(48);

  const composer = page.getByTestId('composer-controls');
  const boxes = [];
  for (const control of await composer.locator('button, textarea').all()) {
    if (!(await control.isVisible())) continue;
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    boxes.push(box);
  }
  expect(boxes.length).toBeGreaterThanOrEqual(3);
  // No two controls overlap.
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i]!, boxes[j]!];
      const apart =
        a.x + a.width <= b.x + 0.5 ||
        b.x + b.width <= a.x + 0.5 ||
        a.y + a.height <= b.y + 0.5 ||
        b.y + b.height <= a.y + 0.5;
      expect(apart).toBe(true);
    }
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SHOTS}/phone-composer-360-${scheme}.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/phone-composer-390-dark.png` });
  await page.context().close();
});

test('a tap on a composer icon opens its menu and no tooltip', async ({ browser, baseURL }) => {
  const page = await touchPage(browser, baseURL!, 390, 844);
  await signIn(page, baseURL!, 'composertap');
  await closePhoneSidebar(page);
  await page.getByTestId('tools-menu').tap();
  await expect(page.getByTestId('tools-menu-list')).toBeVisible();
  // Long enough for a hover tooltip's delay to have passed.
  await page.waitForTimeout(800);
  await expect(page.getByTestId('icon-tooltip')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/phone-composer-tools-tap.png` });
  await page.context().close();
});
