import type { Page } from '@playwright/test';
import { lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { apiToken } from './conversations-helpers.ts';

async function openSettingsTab(page: Page, tab: string) {
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const dialog = page.getByTestId('settings-dialog');
  await dialog.getByRole('tab', { name: tab, exact: true }).click();
  return dialog;
}

/** A ChatGPT export of `count` one-question conversations titled "<prefix> 001" and so on. */
function chatGptExport(count: number, prefix = 'Archived') {
  return Array.from({ length: count }, (_, i) => {
    const title = `${prefix} ${String(i + 1).padStart(3, '0')}`;
    return {
      title,
      create_time: 1714000000 + i * 60,
      update_time: 1714000000 + i * 60,
      current_node: 'u1',
      mapping: {
        root: { id: 'root', message: null, parent: null, children: ['u1'] },
        u1: {
          id: 'u1',
          message: {
            id: 'u1',
            author: { role: 'user' },
            content: { content_type: 'text', parts: [title] },
            create_time: 1714000000 + i * 60,
          },
          parent: 'root',
          children: [],
        },
      },
    };
  });
}

/** Imports `count` conversations through the API; answers the caller's bearer header. */
async function importChats(
  page: Page,
  user: { email: string; password: string },
  count: number,
  prefix?: string,
) {
  const auth = { Authorization: `Bearer ${await apiToken(page, user)}` };
  const imported = await page.request.post('/api/convos/import', {
    headers: auth,
    multipart: {
      file: {
        name: 'conversations.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(chatGptExport(count, prefix))),
      },
    },
  });
  expect(imported.ok()).toBe(true);
  return auth;
}

test('the archived chats page themselves while scrolling, only the rows in view are in the page', async ({
  page,
  baseURL,
}) => {
  const user = await signIn(page, baseURL!, 'archpaging');
  const auth = await importChats(page, user, 70);
  const list = (await (await page.request.get('/api/convos?pageSize=100', { headers: auth })).json()) as {
    conversations: { conversationId: string }[];
  };
  expect(list.conversations).toHaveLength(70);
  for (const c of list.conversations) {
    const res = await page.request.post('/api/convos/update', {
      headers: auth,
      data: { arg: { conversationId: c.conversationId, isArchived: true } },
    });
    expect(res.ok()).toBe(true);
  }

  const pages: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('isArchived=true')) pages.push(r.url());
  });
  const dialog = await openSettingsTab(page, 'General');
  await dialog.getByTestId('archive-manage').click();
  const manager = page.getByTestId('archive-manager');
  const rows = manager.getByTestId('archived-row');
  await expect(rows.first()).toBeVisible();
  // No button to press: the second page came while the end was within 1.5 views.
  await expect(manager.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('archived-virtualised.png') });
  const scroller = manager.getByTestId('archived-list');
  const rendered = await rows.count();
  expect(rendered).toBeLessThan(50);
  // Scrolling to the end brings page after page (25 each) until all 70 rows of 48 px are there.
  await expect(async () => {
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    expect(await scroller.evaluate((el) => el.firstElementChild?.getBoundingClientRect().height)).toBe(
      70 * 48,
    );
  }).toPass({ timeout: 20_000 });
  expect(pages.filter((url) => url.includes('cursor=')).length).toBe(2);
  expect(await rows.count()).toBeLessThan(50);
  await page.screenshot({ path: test.info().outputPath('archived-scrolled.png') });
});

test('display username in messages, the chat footer and sending prompts right away follow their switches', async ({
  page,
  baseURL,
}) => {
  const user = await signIn(page, baseURL!, 'namedmsgs');
  await send(page, 'Who wrote this?');
  await waitIdle(page);
  const mine = page.getByTestId('message-user');
  await expect(mine.getByTestId('message-sender-user')).toHaveText(user.name);
  await expect(lastAnswer(page)).toContainText('Who wrote this?');
  // The footer under the message box: the version line (no CUSTOM_FOOTER on this server).
  await expect(page.getByTestId('chat-footer')).toContainText('v0.7.9');
  await page.screenshot({ path: test.info().outputPath('username-and-footer.png') });

  const account = await openSettingsTab(page, 'Account');
  await account.getByRole('switch', { name: 'Display username in messages' }).click();
  const chat = await (async () => {
    await account.getByRole('tab', { name: 'Chat', exact: true }).click();
    return account;
  })();
  await chat.getByTestId('setting-showFooter').click();
  await chat.getByTestId('setting-autoSendPrompts').click();
  await page.screenshot({ path: test.info().outputPath('chat-tab-switches.png') });
  await page.keyboard.press('Escape');
  await expect(mine.getByTestId('message-sender-user')).toHaveCount(0);
  await expect(page.getByTestId('chat-footer')).toHaveCount(0);

  // With "send prompts right away" off, a / prompt waits in the box to be edited.
  const token = await apiToken(page, user);
  const created = await page.request.post('/api/prompts', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      prompt: { prompt: 'Summarise the week', type: 'text' },
      group: { name: 'Weekly', category: 'write', command: 'weekly' },
    },
  });
  expect(created.ok()).toBe(true);
  await page.reload();
  const input = page.getByTestId('chat-input');
  await input.fill('/weekly');
  await expect(page.getByTestId('prompt-command-row')).toHaveCount(1);
  await input.press('ArrowDown');
  await input.press('Enter');
  await expect(input).toHaveValue('Summarise the week');
  await expect(page.getByTestId('message-user')).toHaveCount(1);
});

test('search results load their next page when scrolled to the end, without a button', async ({
  page,
  baseURL,
}) => {
  const user = await signIn(page, baseURL!, 'searchpaging');
  await importChats(page, user, 40, 'Kiwi harvest');
  const pages: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/messages?') && r.url().includes('search=')) pages.push(r.url());
  });
  await page.getByTestId('search-input').fill('kiwi');
  await page.waitForURL('**/search');
  const hits = page.getByTestId('search-hit');
  await expect(hits).toHaveCount(25);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await page.getByTestId('search-results').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(hits).toHaveCount(40);
  expect(pages.filter((url) => url.includes('cursor=')).length).toBe(1);
});
