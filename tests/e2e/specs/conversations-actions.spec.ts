import { chooseModel, lastAnswer, send, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { openRowMenu, row, signInWithChats } from './conversations-helpers.ts';

test('rename inline: menu and double-click, Enter and blur save, Escape cancels, empty becomes untitled', async ({
  page,
  baseURL,
}) => {
  await signInWithChats(page, baseURL!, ['First plan', 'Second plan']);
  await expect(row(page, 'Second plan')).toBeVisible();

  await openRowMenu(page, 'Second plan');
  await page.getByTestId('row-rename').click();
  const input = page.getByTestId('rename-input');
  await expect(input).toBeFocused();
  await expect(input).toHaveValue('Second plan');
  await input.fill('  Trip to Lisbon  ');
  await input.press('Enter');
  await expect(row(page, 'Trip to Lisbon')).toBeVisible();

  // Escape cancels without a call; the cancel button too.
  await row(page, 'Trip to Lisbon').dblclick();
  await page.getByTestId('rename-input').fill('Not saved');
  await page.getByTestId('rename-input').press('Escape');
  await expect(row(page, 'Trip to Lisbon')).toBeVisible();
  await row(page, 'First plan').dblclick();
  await page.getByTestId('rename-input').fill('Also not saved');
  await page.getByTestId('rename-cancel').click();
  await expect(row(page, 'First plan')).toBeVisible();

  // Blur saves; an empty title becomes "untitled"; at most 100 characters.
  await row(page, 'First plan').dblclick();
  await page.getByTestId('rename-input').fill('   ');
  // Focus lost in the first second is taken back (menus and the chat view move focus on open).
  await page.waitForTimeout(1100);
  await page.getByTestId('chat-input').click();
  await expect(row(page, 'untitled')).toBeVisible();
  await row(page, 'untitled').dblclick();
  await page.getByTestId('rename-input').fill('x'.repeat(130));
  await expect(page.getByTestId('rename-input')).toHaveValue('x'.repeat(100));
  await page.getByTestId('rename-input').press('Enter');

  // The server kept the new titles.
  await page.reload();
  await expect(row(page, 'Trip to Lisbon')).toBeVisible();
  await expect(row(page, 'x'.repeat(100))).toBeVisible();
});

test('delete asks first and leaves the open chat for /c/new', async ({ page, baseURL }) => {
  await signInWithChats(page, baseURL!, ['Keep this one', 'Delete this one']);
  await row(page, 'Delete this one').click();
  await expect(page.getByTestId('message-user').getByTestId('message-text')).toHaveText('Delete this one');

  await openRowMenu(page, 'Delete this one');
  await page.getByTestId('row-delete').click();
  await expect(page.getByTestId('delete-dialog')).toContainText('Delete this one');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(row(page, 'Delete this one')).toBeVisible();

  await openRowMenu(page, 'Delete this one');
  await page.getByTestId('row-delete').click();
  await page.getByTestId('confirm-delete').click();
  await page.waitForURL('**/c/new');
  await expect(row(page, 'Delete this one')).toHaveCount(0);
  await expect(row(page, 'Keep this one')).toBeVisible();
  await page.reload();
  await expect(row(page, 'Keep this one')).toBeVisible();
  await expect(row(page, 'Delete this one')).toHaveCount(0);
});

test('archive from the row menu, then unarchive and delete in Settings → General', async ({
  page,
  baseURL,
}) => {
  await signInWithChats(page, baseURL!, ['Archive me', 'Lisbon notes', 'Stay here']);
  await row(page, 'Archive me').click();
  await expect(page.getByTestId('message-user').getByTestId('message-text')).toHaveText('Archive me');

  await openRowMenu(page, 'Archive me');
  await page.getByTestId('row-archive').click();
  // The open conversation was archived: a new chat starts.
  await page.waitForURL('**/c/new');
  await expect(row(page, 'Archive me')).toHaveCount(0);
  await openRowMenu(page, 'Lisbon notes');
  await page.getByTestId('row-archive').click();
  await expect(row(page, 'Lisbon notes')).toHaveCount(0);

  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByTestId('archive-manage').click();
  const manager = page.getByTestId('archive-manager');
  await expect(manager.getByTestId('archived-row')).toHaveCount(2);
  await manager.getByTestId('archive-search').fill('Lisbon');
  await expect(manager.getByTestId('archived-row')).toHaveCount(1);
  await expect(manager.getByTestId('archived-row')).toContainText('Lisbon notes');
  // Titles open in a new tab.
  await expect(manager.getByRole('link', { name: 'Lisbon notes' })).toHaveAttribute('target', '_blank');
  await manager.getByTestId('archived-delete').click();
  await page.getByTestId('confirm-delete').click();
  await expect(manager.getByTestId('no-data')).toBeVisible();

  await manager.getByTestId('archive-search').fill('');
  await expect(manager.getByTestId('archived-row')).toHaveCount(1);
  await manager.getByTestId('unarchive').click();
  await expect(manager.getByTestId('no-data')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(row(page, 'Archive me')).toBeVisible();
  await expect(row(page, 'Lisbon notes')).toHaveCount(0);
});

test('duplicate opens the copy; fork a branch with the chosen option', async ({ page, baseURL }) => {
  await signInWithChats(page, baseURL!, ['Original chat']);
  await openRowMenu(page, 'Original chat');
  await page.getByTestId('row-duplicate').click();
  await expect(page.getByText('Conversation duplicated')).toBeVisible();
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('message-user').getByTestId('message-text')).toHaveText('Original chat');
  await expect(page.getByTestId('conversation-row')).toHaveCount(2);

  // Make a second branch: regenerate the answer.
  await row(page, 'Original chat').click();
  await expect(lastAnswer(page)).toContainText('Original chat');
  const originalUrl = page.url();
  await lastAnswer(page).getByTestId('regenerate').click();
  await waitIdle(page);
  await expect(lastAnswer(page).getByTestId('sibling-position')).toHaveText('2 / 2');

  // Fork the visible path only: the copy has one answer, no sibling arrows.
  await lastAnswer(page).hover();
  await lastAnswer(page).getByTestId('fork-message').click();
  await page.getByTestId('fork-option-directPath').check();
  await page.getByTestId('fork-confirm').click();
  await expect(page.getByText('Conversation forked')).toBeVisible();
  await expect.poll(() => page.url()).not.toBe(originalUrl);
  await expect(page.getByTestId('message-assistant')).toHaveCount(1);
  await expect(page.getByTestId('sibling-nav')).toHaveCount(0);
  await expect(page.getByTestId('conversation-row')).toHaveCount(3);

  // Including branches keeps both answers.
  await page.goto(originalUrl);
  await expect(lastAnswer(page)).toContainText('Original chat');
  await lastAnswer(page).hover();
  await lastAnswer(page).getByTestId('fork-message').click();
  await page.getByTestId('fork-option-includeBranches').check();
  await page.getByTestId('fork-confirm').click();
  await expect.poll(() => page.url()).not.toBe(originalUrl);
  await expect(lastAnswer(page).getByTestId('sibling-position')).toHaveText('2 / 2');
});

test('a temporary chat never shows in the list; export downloads JSON, Markdown and text', async ({
  page,
  baseURL,
}) => {
  await signInWithChats(page, baseURL!, ['Exported chat']);
  await chooseModel(page, 'echo');
  const toggle = page.getByTestId('temporary-toggle');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await send(page, 'Ephemeral question');
  await expect(lastAnswer(page)).toContainText('Ephemeral question');
  await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
  await waitIdle(page);
  await expect(page.getByTestId('temporary-toggle')).toHaveAttribute('aria-checked', 'true');
  await page.reload();
  await expect(page.getByTestId('message-user').getByTestId('message-text')).toHaveText('Ephemeral question');
  await expect(page.getByTestId('conversation-row')).toHaveCount(1);
  await expect(row(page, 'Exported chat')).toBeVisible();

  await row(page, 'Exported chat').click();
  for (const [format, check] of [
    ['json', (text: string) => expect(JSON.parse(text)).toBeTruthy()],
    ['md', (text: string) => expect(text).toContain('Exported chat')],
    ['txt', (text: string) => expect(text).toContain('Exported chat')],
  ] as const) {
    await page.getByTestId('export-menu').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId(`export-${format}`).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Exported chat.${format}`);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    check(Buffer.concat(chunks).toString('utf8'));
  }
});
