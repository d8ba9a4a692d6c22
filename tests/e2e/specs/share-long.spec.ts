import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, registerViaApi, test, uniqueUser } from '../support/fixtures.ts';

const COUNT = 1000;
const NO_PARENT = '00000000-0000-0000-0000-000000000000';

/** The text of message `i` (1-based): a paragraph, every fifth one with a list so heights vary. */
function textOf(i: number): string {
  const line = `Shared line ${i}.`;
  return i % 5 === 0 ? `${line}\n\n- a point about ${i}\n- another point` : `${line} Some words follow it.`;
}

/** Imports a linear conversation of COUNT messages for a new user and shares it; returns the share id. */
async function shareLongConversation(request: APIRequestContext, baseURL: string): Promise<string> {
  const user = uniqueUser('sharelong');
  await registerViaApi(baseURL, user);
  const login = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  let parent = NO_PARENT;
  const messages = Array.from({ length: COUNT }, (_, index) => {
    const i = index + 1;
    const messageId = randomUUID();
    const message = {
      messageId,
      parentMessageId: parent,
      sender: i % 2 === 1 ? 'User' : 'Demo',
      isCreatedByUser: i % 2 === 1,
      text: textOf(i),
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    };
    parent = messageId;
    return message;
  });
  const exported = {
    conversationId: randomUUID(),
    title: 'A thousand messages',
    endpoint: 'openAI',
    branches: false,
    recursive: false,
    options: { endpoint: 'openAI', model: 'gpt-4o-mini' },
    messages,
  };
  const imported = await request.post('/api/convos/import', {
    headers,
    multipart: {
      file: {
        name: 'long.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(exported)),
      },
    },
  });
  expect(imported.ok()).toBe(true);
  const list = await request.get('/api/convos', { headers });
  const { conversations } = (await list.json()) as { conversations: { conversationId: string }[] };
  expect(conversations).toHaveLength(1);
  const share = await request.post(`/api/share/${conversations[0]!.conversationId}`, { headers });
  expect(share.ok()).toBe(true);
  return ((await share.json()) as { shareId: string }).shareId;
}

test('a shared 1,000-message conversation renders a window of messages and scrolls to the end', async ({
  page,
  baseURL,
  browser,
}) => {
  const shareId = await shareLongConversation(page.request, baseURL!);
  // A visitor without an account.
  const visitor = await browser.newContext({ baseURL });
  const guest = await visitor.newPage();
  await guest.goto(`/share/${shareId}`);
  await expect(guest.getByTestId('share-title')).toHaveText('A thousand messages');
  await expect(guest.getByText('Shared line 1.', { exact: false }).first()).toBeInViewport();
  const rendered = guest.locator('[data-message-id]');
  const mounted = async () => rendered.count();
  expect(await mounted()).toBeGreaterThan(3);
  expect(await mounted()).toBeLessThan(60);
  await guest.screenshot({ path: test.info().outputPath('share-top.png') });

  // The page scrolls like any page: End goes to the bottom. Rows measured on the way change the
  // total height, so repeat until it holds.
  const last = guest.getByText(`Shared line ${COUNT}.`, { exact: false });
  await expect
    .poll(
      async () => {
        await guest.keyboard.press('End');
        return last.isVisible();
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await expect(last).toBeInViewport();
  await expect(guest.getByTestId('share-footer')).toBeInViewport();
  await expect(guest.getByText('Shared line 1.', { exact: false })).toHaveCount(0);
  expect(await mounted()).toBeLessThan(60);
  await guest.screenshot({ path: test.info().outputPath('share-end.png') });

  // Back in the middle: the rows there are mounted in turn.
  await guest.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight / 2 }));
  await expect(rendered.first()).toBeVisible();
  expect(await mounted()).toBeLessThan(60);
  await visitor.close();
});
