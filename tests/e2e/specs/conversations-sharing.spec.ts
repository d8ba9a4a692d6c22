import { expect, test } from '../support/fixtures.ts';
import { openRowMenu, row, signInWithChats } from './conversations-helpers.ts';

test('search: typing goes to /search, hits show a highlighted snippet and open their conversation', async ({
  page,
  baseURL,
}) => {
  await signInWithChats(page, baseURL!, [
    'Notes about the aurora borealis trip',
    'Grocery list: apples and bread',
    'Script <img src=x onerror="window.__xss=1"> payload stays text',
  ]);
  const box = page.getByTestId('search-input');
  await box.fill('aurora');
  await page.waitForURL('**/search');
  await expect(page.getByTestId('search-loading')).toBeVisible();
  const hit = page.getByTestId('search-hit').first();
  await expect(hit).toContainText('Notes about the aurora borealis trip');
  await expect(hit.locator('mark').first()).toHaveText(/aurora/i);

  // Markup in the user's text never becomes elements.
  await box.fill('payload');
  await expect(page.getByTestId('search-snippet').first()).toContainText('payload');
  await expect(page.getByTestId('search-snippet').locator('img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

  await box.fill('zebracornucopia');
  await expect(page.getByTestId('search-empty')).toContainText('No messages match “zebracornucopia”.');
  await expect(page.getByTestId('search-empty')).toContainText('"quotes" find an exact phrase');
  await page.screenshot({ path: test.info().outputPath('search-empty.png') });
  // No message box under the search view.
  await expect(page.getByTestId('chat-input')).toHaveCount(0);

  await box.fill('apples');
  await page.getByTestId('search-hit').first().click();
  await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('message-user').getByTestId('message-text')).toHaveText(
    'Grocery list: apples and bread',
  );

  // Backspace on an empty box goes back to a new chat.
  await box.fill('');
  await page.waitForURL('**/c/new');
  await box.fill('bread');
  await page.waitForURL('**/search');
  await box.fill('');
  await box.press('Backspace');
  await page.waitForURL('**/c/new');
});

test('share: create, copy, QR, open logged out in a fresh context, refresh and delete', async ({
  page,
  baseURL,
  browser,
}) => {
  await signInWithChats(page, baseURL!, ['Shared thoughts on tea']);
  await openRowMenu(page, 'Shared thoughts on tea');
  await page.getByTestId('row-share').click();
  const dialog = page.getByTestId('share-dialog');
  await dialog.getByTestId('share-create').click();
  const url = await dialog.getByTestId('share-url').inputValue();
  expect(url).toMatch(/\/share\/[\w-]+$/);

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await dialog.getByTestId('share-copy').click();
  await expect(dialog.getByTestId('share-copy')).toHaveAttribute('data-copied', 'true');
  await dialog.getByTestId('share-qr-toggle').click();
  const qr = dialog.getByTestId('share-qr').locator('svg');
  await expect(qr).toHaveAttribute('width', '200');

  // Someone without an account opens the link.
  const visitor = await browser.newContext({ baseURL });
  const guest = await visitor.newPage();
  await guest.goto(url);
  await expect(guest.getByTestId('share-title')).toHaveText('Shared thoughts on tea');
  await expect(guest.getByTestId('share-date')).toHaveText(
    new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(new Date()),
  );
  await expect(guest.getByTestId('message-user')).toHaveText('Shared thoughts on tea');
  await expect(guest.getByTestId('message-assistant')).toContainText('Shared thoughts on tea');
  await expect(guest).toHaveTitle('Shared thoughts on tea | Parley');
  await expect(guest.getByTestId('share-footer')).toContainText('v0.7.9');
  await expect(guest.getByTestId('chat-input')).toHaveCount(0);
  expect(guest.url()).toBe(url);
  // A reader without an account sees the app's name and a way to start their own chat.
  await expect(guest.getByTestId('share-home')).toHaveText('Parley');
  await expect(guest.getByTestId('share-start-chat')).toHaveText('Start your own chat');
  await expect(guest.getByTestId('share-start-chat')).toHaveAttribute('href', '/login');
  await guest.screenshot({ path: test.info().outputPath('share-page.png') });

  // Refresh makes a new link; the old one stops working.
  await dialog.getByTestId('share-refresh').click();
  await expect(dialog.getByTestId('share-url')).not.toHaveValue(url);
  const fresh = await dialog.getByTestId('share-url').inputValue();
  await guest.goto(url);
  await expect(guest.getByTestId('share-not-found')).toHaveText('Shared link not found');
  await expect(guest.getByTestId('share-not-found-home')).toHaveText('Go to Parley');
  await guest.screenshot({ path: test.info().outputPath('share-not-found.png') });

  // Delete asks first.
  await dialog.getByTestId('share-delete').click();
  await dialog.getByTestId('share-delete-confirm').click();
  await expect(dialog.getByTestId('share-create')).toBeVisible();
  await guest.goto(fresh);
  await expect(guest.getByTestId('share-not-found')).toBeVisible();
  await visitor.close();
});

test('shared-links manager: search, open in a new tab, bulk delete and the no-valid-items warning', async ({
  page,
  baseURL,
}) => {
  const { token } = await signInWithChats(page, baseURL!, ['Mountain hiking plan', 'River kayak plan']);
  const list = await page.request.get('/api/convos', { headers: { Authorization: `Bearer ${token}` } });
  const { conversations } = (await list.json()) as { conversations: { conversationId: string }[] };
  for (const c of conversations) {
    const res = await page.request.post(`/api/share/${c.conversationId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.ok()).toBe(true);
  }
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Data controls' }).click();
  await page.getByTestId('shared-links-manage').click();
  const manager = page.getByTestId('shared-links-manager');
  await expect(manager.getByTestId('shared-link-row')).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('shared-links-manager.png') });
  await expect(manager.getByRole('link', { name: 'River kayak plan' })).toHaveAttribute('target', '_blank');

  await manager.getByTestId('shared-links-bulk-delete').click();
  await expect(page.getByText('No valid items were selected.')).toBeVisible();

  await manager.getByRole('searchbox').fill('kayak');
  await expect(manager.getByTestId('shared-link-row')).toHaveCount(1);
  await manager.getByRole('checkbox', { name: 'Select "River kayak plan"' }).check();
  await manager.getByTestId('shared-links-bulk-delete').click();
  await expect(manager.getByTestId('no-data')).toBeVisible();
  await manager.getByRole('searchbox').fill('');
  await expect(manager.getByTestId('shared-link-row')).toHaveCount(1);
  await expect(manager.getByTestId('shared-link-row')).toContainText('Mountain hiking plan');
});

test('bookmarks: tag from the chat header, make a new one, filter the sidebar by it', async ({
  page,
  baseURL,
}) => {
  await signInWithChats(page, baseURL!, ['Recipe for soup', 'Work meeting notes']);
  await row(page, 'Recipe for soup').click();
  await expect(page.getByTestId('message-user').getByTestId('message-text')).toHaveText('Recipe for soup');

  await page.getByTestId('bookmark-menu').click();
  await expect(page.getByTestId('bookmark-option')).toHaveText(['Saved0']);
  await page.getByTestId('bookmark-option').filter({ hasText: 'Saved' }).click();
  await expect(page.getByTestId('bookmark-option').filter({ hasText: 'Saved' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.getByTestId('bookmark-new').click();
  await page.getByTestId('bookmark-name').fill('Cooking');
  await page.getByTestId('bookmark-save').click();
  await expect(page.getByTestId('bookmark-dialog')).toHaveCount(0);
  await expect(page.getByTestId('bookmark-menu')).toHaveAttribute('data-tagged', 'true');

  // The filter shows only conversations with the chosen bookmark.
  await page.getByTestId('tag-filter').click();
  await expect(page.getByTestId('tag-filter-option')).toHaveCount(2);
  await page.getByTestId('tag-filter-option').filter({ hasText: 'Cooking' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('conversation-row')).toHaveCount(1);
  await expect(row(page, 'Recipe for soup')).toBeVisible();
  await page.getByTestId('tag-filter-clear').click();
  await expect(page.getByTestId('conversation-row')).toHaveCount(2);

  // Untag, then the filter finds nothing.
  await page.getByTestId('bookmark-menu').click();
  await page.getByTestId('bookmark-option').filter({ hasText: 'Cooking' }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('tag-filter').click();
  await page.getByTestId('tag-filter-option').filter({ hasText: 'Cooking' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('conversation-row')).toHaveCount(0);
});

/** A small ChatGPT export: one conversation whose mapping tree has a system message and two turns. */
const CHATGPT_EXPORT = [
  {
    title: 'Imported volcano facts',
    create_time: 1714000000,
    update_time: 1714000600,
    current_node: 'a2',
    mapping: {
      root: { id: 'root', message: null, parent: null, children: ['sys'] },
      sys: {
        id: 'sys',
        message: {
          id: 'sys',
          author: { role: 'system' },
          content: { content_type: 'text', parts: ['hidden'] },
        },
        parent: 'root',
        children: ['u1'],
      },
      u1: {
        id: 'u1',
        message: {
          id: 'u1',
          author: { role: 'user' },
          content: { content_type: 'text', parts: ['Tell me about volcanoes'] },
          create_time: 1714000010,
        },
        parent: 'sys',
        children: ['a1'],
      },
      a1: {
        id: 'a1',
        message: {
          id: 'a1',
          author: { role: 'assistant' },
          content: { content_type: 'text', parts: ['Volcanoes vent magma.'] },
          create_time: 1714000020,
        },
        parent: 'u1',
        children: ['u2'],
      },
      u2: {
        id: 'u2',
        message: {
          id: 'u2',
          author: { role: 'user' },
          content: { content_type: 'text', parts: ['And the biggest one?'] },
          create_time: 1714000030,
        },
        parent: 'a1',
        children: ['a2'],
      },
      a2: {
        id: 'a2',
        message: {
          id: 'a2',
          author: { role: 'assistant' },
          content: { content_type: 'text', parts: ['Mauna Loa, by volume.'] },
          create_time: 1714000040,
        },
        parent: 'u2',
        children: [],
      },
    },
  },
];

test('import a ChatGPT export from Settings → Data controls and see it in the sidebar', async ({
  page,
  baseURL,
}) => {
  await signInWithChats(page, baseURL!, []);
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Data controls' }).click();

  // Not a .json file: the file-type error, nothing uploaded.
  await page.getByTestId('import-file').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(page.getByText(/Unsupported import type/)).toBeVisible();

  await page.getByTestId('import-file').setInputFiles({
    name: 'conversations.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(CHATGPT_EXPORT)),
  });
  await expect(page.getByTestId('import-result')).toHaveText('Imported 1 conversation with 4 messages');
  await page.keyboard.press('Escape');
  await row(page, 'Imported volcano facts').click();
  await expect(page.getByTestId('message-user').getByTestId('message-text')).toHaveText([
    'Tell me about volcanoes',
    'And the biggest one?',
  ]);
  await expect(page.getByTestId('message-assistant').last()).toContainText('Mauna Loa, by volume.');

  // A .json file the server cannot read gets the same file-type error.
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Data controls' }).click();
  await page.getByTestId('import-file').setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"not": "an export"}'),
  });
  await expect(page.getByText(/Unsupported import type/)).toBeVisible();
});
