import type { Page } from '@playwright/test';
import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

// The chat on a bad network: chunks that do not arrive, no connection at all, a stream that breaks.

const MESSAGE_LIST_CHUNK = /\/assets\/message-list-[\w-]+\.js$/;

/** The whole-app error page must never replace the chat. */
async function expectNoErrorPage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByTestId('chat-input')).toBeVisible();
}

test('a message list chunk the network drops once is fetched again', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  let dropped = 0;
  await page.route(MESSAGE_LIST_CHUNK, (route) => {
    if (dropped++ === 0) return route.abort('connectionreset');
    return route.continue();
  });
  // A fresh page: the chat's idle prefetch of the list is the request the network drops.
  await page.goto('/c/new?model=echo');
  await send(page, 'Through a flaky line');
  await expect(lastAnswer(page)).toContainText('Through a flaky line');
  expect(dropped).toBeGreaterThan(1);
  await expect(page.getByTestId('area-error')).toHaveCount(0);
  await expectNoErrorPage(page);
});

test('a message list chunk that never arrives fails in its place with Retry', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  await page.route(MESSAGE_LIST_CHUNK, (route) => route.abort('connectionreset'));
  // A fresh page, so neither the idle prefetch nor the send can have the list's code.
  await page.goto('/c/new?model=echo');
  await send(page, 'Kept while the list is away');
  await expect(page.getByTestId('area-error')).toContainText('This part of the page could not be loaded.');
  await expectNoErrorPage(page);
  await page.unroute(MESSAGE_LIST_CHUNK);
  await page.getByTestId('area-retry').click();
  await expect(page.getByTestId('message-user').getByTestId('message-text')).toHaveText(
    'Kept while the list is away',
  );
  await expect(lastAnswer(page)).toContainText('Kept while the list is away');
});

test('offline: the page says so, a send keeps the text, and it goes once the network is back', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'echo');
  await page.context().setOffline(true);
  await expect(page.getByTestId('offline-banner')).toContainText("You're offline.");
  await send(page, 'Written on a train');
  await expectNoErrorPage(page);
  await expect(page.getByTestId('chat-input')).toHaveValue('Written on a train');
  await expect(page.getByTestId('message-user')).toHaveCount(0);

  await page.context().setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await page.getByTestId('chat-input').press('Enter');
  await expect(lastAnswer(page)).toContainText('Written on a train');
});

test('a send that cannot reach the server keeps the message with Retry', async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'echo');
  await page.route('**/api/agents/chat/Demo', (route) => route.abort('connectionrefused'));
  await send(page, 'Please arrive');
  await expect(page.getByTestId('message-user').getByTestId('message-text')).toHaveText('Please arrive');
  const retry = lastAnswer(page).getByTestId('message-retry');
  await expect(retry).toBeVisible({ timeout: 10_000 });
  await page.unroute('**/api/agents/chat/Demo');
  await retry.click();
  await expect(lastAnswer(page)).toContainText('Please arrive');
  await waitIdle(page);
  await expect(page.getByTestId('message-error')).toHaveCount(0);
  await expect(page.getByTestId('message-user')).toHaveCount(1);
  // The exchange reached the server this time: it is saved.
  await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
  await page.reload();
  await expect(page.getByTestId('message-user').getByTestId('message-text')).toHaveText('Please arrive');
});

test('a send whose stream breaks before the server confirms it: Retry sends the same message id, saved once', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'echo');
  const sentIds: string[] = [];
  let cut = true;
  await page.route('**/api/agents/chat/Demo', async (route) => {
    sentIds.push((route.request().postDataJSON() as { messageId: string }).messageId);
    if (!cut) return route.continue();
    cut = false;
    // The server saves the message and answers, but the connection breaks before the client
    // reads a byte (an instance killed mid-request): the client never learns it was saved.
    await route.fetch();
    await route.abort('connectionreset');
  });
  await send(page, 'Saved but unconfirmed');
  const retry = lastAnswer(page).getByTestId('message-retry');
  await expect(retry).toBeVisible({ timeout: 10_000 });
  await retry.click();
  await expect(lastAnswer(page)).toContainText('Saved but unconfirmed');
  await waitIdle(page);
  expect(sentIds).toHaveLength(2);
  expect(sentIds[1]).toBe(sentIds[0]);
  // One conversation holds the one message: the retry answered it instead of saving a copy.
  await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
  const conversationId = page.url().split('/c/')[1]!;
  const listed = page.waitForResponse((r) => r.url().includes(`/api/messages/${conversationId}`));
  await page.reload();
  const saved = (await (await listed).json()) as { messageId: string; isCreatedByUser: boolean }[];
  expect(saved.filter((m) => m.isCreatedByUser).map((m) => m.messageId)).toEqual([sentIds[0]]);
  await expect(page.getByTestId('message-user')).toHaveCount(1);
  await expect(page.getByTestId('message-user').getByTestId('message-text')).toHaveText(
    'Saved but unconfirmed',
  );
});

test('a conversation opened offline says it waits for the network, then opens by itself', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!);
  await chooseModel(page, 'echo');
  await send(page, 'Open me later');
  await waitIdle(page);
  await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
  // A fresh page: the list is loaded, the conversation's messages are not.
  await page.goto('/c/new');
  await expect(page.getByTestId('conversation-row')).toHaveCount(1);
  await page.context().setOffline(true);
  await page.getByTestId('conversation-row').click();
  await expect(page.getByTestId('offline-state')).toBeVisible();
  await expect(page.getByTestId('messages-loading')).toHaveCount(0);
  await page.context().setOffline(false);
  await expect(page.getByTestId('message-user').getByTestId('message-text')).toHaveText('Open me later');
});

/**
 * Chromium's offline mode leaves open responses alone, so a broken stream is made in the page: the
 * chat request's body fails with a network error when the test calls `__cutChatStream`.
 */
async function breakableChatStream(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const realFetch = window.fetch.bind(window);
    const hooks = window as unknown as { __cutChatStream?: () => void };
    window.fetch = async (input, init) => {
      const res = await realFetch(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (init?.method !== 'POST' || !url.endsWith('/api/agents/chat/Demo') || !res.body) return res;
      let cut: (error: Error) => void = () => undefined;
      const broken = new Promise<never>((_resolve, reject) => (cut = reject));
      hooks.__cutChatStream = () => cut(new TypeError('network error'));
      const reader = res.body.getReader();
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const { done, value } = await Promise.race([reader.read(), broken]);
            if (done) controller.close();
            else controller.enqueue(value);
          } catch (error) {
            void reader.cancel();
            controller.error(error);
          }
        },
      });
      return new Response(body, { status: res.status, headers: res.headers });
    };
  });
}

test('an answer whose stream breaks goes on through resume when the network is back', async ({
  page,
  baseURL,
}) => {
  await breakableChatStream(page);
  await signIn(page, baseURL!);
  await chooseModel(page, 'slow');
  await send(page, 'Tell me slowly');
  const answer = lastAnswer(page);
  await expect(answer).toContainText('Sentence 2 of the slow answer');
  await page.context().setOffline(true);
  await page.evaluate(() => (window as unknown as { __cutChatStream: () => void }).__cutChatStream());
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await page.context().setOffline(false);
  await expect(answer).toContainText('Sentence 9 of the slow answer', { timeout: 15_000 });
  await expect(page.getByTestId('message-error')).toHaveCount(0);
  await page.getByTestId('stop-button').click();
  await waitIdle(page);
  // Nothing was lost or doubled where the stream broke, neither on screen nor as saved.
  const once = (text: string) => text.split('Sentence 2 of the slow answer').length - 1;
  expect(once(await answer.innerText())).toBe(1);
  await page.reload();
  await expect(lastAnswer(page)).toContainText('Sentence 9 of the slow answer');
  expect(once(await lastAnswer(page).innerText())).toBe(1);
  await expect(page.getByTestId('message-assistant')).toHaveCount(1);
});
