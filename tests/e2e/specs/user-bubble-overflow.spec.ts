import type { Page } from '@playwright/test';
import { chooseModel, closePhoneSidebar, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

// A user message holding a line longer than the column (a pasted URL, a line of code) stays inside
// its bubble, and the bubble inside the chat column: before, the bubble grew to the line's width
// and, aligned to the column's end, stuck out past its start under the sidebar — the first
// characters of every line and the "Show more" button off screen.

const SHOTS = process.env.SHOTS_OUT ?? 'test-results/screenshots';
const URL_LINE = `https://example.com/${'a'.repeat(400)}`;
const CODE_LINE = `const x = "${'b'.repeat(400)}";`;
// Tall enough to fold, so "Show more" appears under the long lines.
const FILLER = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n\n');
const MESSAGE = `${URL_LINE}\n\n\`\`\`js\n${CODE_LINE}\n\`\`\`\n\n${FILLER}`;

async function expectBubbleInsideColumn(page: Page, width: number) {
  const user = page.getByTestId('message-user').first();
  const bubble = user.locator('.message-content');
  const column = await page.getByTestId('message-scroller').boundingBox();
  const box = (await bubble.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(column!.x - 1);
  expect(box.x + box.width).toBeLessThanOrEqual(Math.min(column!.x + column!.width, width) + 1);
  // The bubble itself does not scroll sideways: the URL wraps, the code block scrolls on its own.
  const overflowing = await bubble.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  expect(overflowing).toBe(false);
  const code = await user.locator('pre').boundingBox();
  expect(code!.x).toBeGreaterThanOrEqual(box.x);
  expect(code!.x + code!.width).toBeLessThanOrEqual(box.x + box.width + 1);
  // "Show more" is on screen and works.
  const more = user.getByTestId('show-more');
  const moreBox = (await more.boundingBox())!;
  expect(moreBox.x).toBeGreaterThanOrEqual(column!.x);
  expect(moreBox.x + moreBox.width).toBeLessThanOrEqual(width);
  await more.click();
  await expect(more).toHaveText(/.+/);
  await expect(user.getByTestId('collapsible-text')).not.toHaveAttribute('data-folded', 'true');
  await user.evaluate((el) => el.scrollIntoView({ block: 'start' }));
}

for (const dir of ['ltr', 'rtl'] as const) {
  test(`a long unbroken line stays inside the user bubble (${dir}), on a desktop and a phone`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, baseURL!, `bubble${dir}`);
    if (dir === 'rtl') {
      const { hostname } = new URL(baseURL!);
      await page.context().addCookies([{ name: 'lang', value: 'ar-EG', domain: hostname, path: '/' }]);
      await page.reload();
    }
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await chooseModel(page, 'echo');
    await send(page, MESSAGE);
    await waitIdle(page);
    await expectBubbleInsideColumn(page, 1440);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${SHOTS}/user-bubble-${dir}-1440-${scheme}.png` });
    }

    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await closePhoneSidebar(page);
    await expectBubbleInsideColumn(page, 390);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${SHOTS}/user-bubble-${dir}-390-${scheme}.png` });
    }
  });
}
