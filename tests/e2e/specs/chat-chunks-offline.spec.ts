import type { Page } from '@playwright/test';
import { lastAnswer, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

// The chat's lazily loaded code on a network that fails right after the page appeared: going
// offline before anything was touched, and each chunk of the chat path refused in turn. No chunk
// takes down more than its own area, the text typed is never lost, and every area comes back by
// itself when the connection returns.

/** The chunks the chat path loads after the first paint (vite names them after their module). */
const CHAT_PATH_CHUNKS = {
  'message list': /\/assets\/message-list-[\w-]+\.js$/,
  markdown: /\/assets\/markdown-[\w-]+\.(js|css)$/,
  tooltips: /\/assets\/icon-tooltips-[\w-]+\.js$/,
  menus: /\/assets\/radix-dropdown-menu-[\w-]+\.js$/,
  'model picker agents': /\/assets\/agent-menu-items-[\w-]+\.js$/,
  popovers: /\/assets\/radix-popover-[\w-]+\.js$/,
};

/** The whole-app error page must never replace the chat. */
async function expectChatStillThere(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByTestId('chat-input')).toBeVisible();
}

/** A fresh load of a new chat on the echo model, then nothing touched. */
async function freshNewChat(page: Page): Promise<void> {
  await page.goto('/c/new?model=echo');
  await expect(page.getByTestId('chat-input')).toBeEditable();
}

/** The browser's connection drops and comes back: its `online` event is what areas wait for. */
async function reconnect(page: Page): Promise<void> {
  await page.context().setOffline(true);
  await page.context().setOffline(false);
}

test('offline right after the page appeared: typing and Enter keep the text, and it sends once back online', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!, 'offline1st');
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await freshNewChat(page);
  await page.context().setOffline(true);
  const input = page.getByTestId('chat-input');
  await input.pressSequentially('Typed before anything loaded');
  await input.press('Enter');
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expectChatStillThere(page);
  await expect(input).toHaveValue('Typed before anything loaded');
  // Pointing at the page's icons and opening the model menu offline harms nothing either.
  await page.getByTestId('nav-toggle').hover();
  await page.getByTestId('model-menu').click();
  await expectChatStillThere(page);
  await page.keyboard.press('Escape');

  await page.context().setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await input.press('Enter');
  await expect(page.getByTestId('message-user').getByTestId('message-text')).toHaveText(
    'Typed before anything loaded',
  );
  await expect(lastAnswer(page)).toContainText('Typed before anything loaded');
  await expect(page.getByTestId('area-error')).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('the chat path is fetched while the page is idle, before anyone types', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'prefetch');
  const fetched = new Set<string>();
  page.on('response', (response) => fetched.add(new URL(response.url()).pathname));
  await freshNewChat(page);
  await expect
    .poll(() =>
      Object.entries(CHAT_PATH_CHUNKS)
        .filter(([, pattern]) => ![...fetched].some((path) => pattern.test(path)))
        .map(([name]) => name),
    )
    .toEqual([]);
});

for (const [name, pattern] of Object.entries(CHAT_PATH_CHUNKS)) {
  test(`the ${name} chunk refused: only its area fails, the message is kept, and it recovers by itself`, async ({
    page,
    baseURL,
  }) => {
    await signIn(page, baseURL!, 'chunkless');
    let refused = 0;
    await page.route(pattern, (route) => {
      refused += 1;
      return route.abort('connectionreset');
    });
    await freshNewChat(page);
    const input = page.getByTestId('chat-input');
    await input.pressSequentially(`Sent without the ${name}`);
    await input.press('Enter');
    // The message is on screen (in the list, or in its place while the list cannot load).
    await expect(
      page.locator('[data-testid="message-user"], [data-testid="area-error"]').first(),
    ).toBeVisible();
    await waitIdle(page);
    await page.getByTestId('nav-toggle').hover();
    await page.getByTestId('model-menu').click();
    await page.keyboard.press('Escape');
    await expectChatStillThere(page);

    // Every try failed (the first and its two retries, 0.5 and 1.5 s apart) before the network
    // comes back: an area waits for the browser's next `online` event.
    await expect.poll(() => refused).toBeGreaterThanOrEqual(3);
    for (let before = -1; before !== refused;) {
      before = refused;
      await page.waitForTimeout(2500);
    }

    // Back: every area loads again without a click on Retry.
    await page.unroute(pattern);
    await reconnect(page);
    await expect(page.getByTestId('area-error')).toHaveCount(0);
    await expect(page.getByTestId('message-user').getByTestId('message-text')).toHaveText(
      `Sent without the ${name}`,
    );
    await expect(lastAnswer(page).getByTestId('markdown')).toContainText(`Sent without the ${name}`);
    await page.getByTestId('nav-toggle').hover();
    await expect(page.getByTestId('icon-tooltip')).toBeVisible();
    await page.getByTestId('model-menu').click();
    await expect(page.getByTestId('model-option-echo')).toBeVisible();
    await page.keyboard.press('Escape');
    await expectChatStillThere(page);
  });
}
