import type { Page } from '@playwright/test';
import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * The rectangles of every piece of message text on screen that the scroll button's box overlaps
 * (each text node's line boxes, measured with a Range, so the gaps between lines and around
 * bubbles do not count as text).
 */
function textUnderButton(page: Page) {
  return page.evaluate(() => {
    const button = document.querySelector('[data-testid="scroll-to-bottom"]');
    const scroller = document.querySelector('[data-testid="message-scroller"]');
    if (!button || !scroller) return ['no button or no list'];
    const b = button.getBoundingClientRect();
    const view = scroller.getBoundingClientRect();
    const hits: string[] = [];
    const walker = document.createTreeWalker(scroller, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of Array.from(range.getClientRects())) {
        // Text scrolled out of the list's viewport is clipped, not covered.
        const top = Math.max(r.top, view.top);
        const bottom = Math.min(r.bottom, view.bottom);
        if (bottom <= top || r.width === 0) continue;
        const overlaps = r.left < b.right && r.right > b.left && top < b.bottom && bottom > b.top;
        if (overlaps) hits.push(`${node.textContent.trim().slice(0, 40)} @ ${Math.round(r.top)}`);
      }
    }
    return hits;
  });
}

for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${size.width}×${size.height} the scroll button covers no message text, during and after an answer`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(size);
    await signIn(page, baseURL!);
    await chooseModel(page, 'showcase');
    await send(page, 'Fill the screen');
    await expect(lastAnswer(page)).toContainText('A quote to finish.', { timeout: 30_000 });
    await waitIdle(page);
    await chooseModel(page, 'slow');
    await send(page, 'Now slowly');
    await expect(lastAnswer(page)).toContainText('Sentence 3 of the slow answer', { timeout: 20_000 });
    const scroller = page.getByTestId('message-scroller');
    const button = page.getByTestId('scroll-to-bottom');
    await expect(button).toHaveCount(0);

    // Scrolled up while the answer streams: text fills the whole list, and the button shows.
    await scroller.hover();
    await page.mouse.wheel(0, -400);
    await expect(button).toBeVisible();
    // Nothing under it while the answer grows below and the reader scrolls on.
    for (let i = 0; i < 3; i += 1) {
      expect(await textUnderButton(page)).toEqual([]);
      await page.mouse.wheel(0, -120);
      await page.waitForTimeout(300);
    }
    await page.getByTestId('stop-button').click();
    await waitIdle(page);

    // After the answer: scrolled up again, still nothing under it.
    await scroller.hover();
    await page.mouse.wheel(0, -300);
    await expect(button).toBeVisible();
    expect(await textUnderButton(page)).toEqual([]);

    // The button still brings the view back to the end, and goes.
    await button.click();
    await expect
      .poll(() => scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
      .toBeLessThan(50);
    await expect(button).toHaveCount(0);
  });
}
