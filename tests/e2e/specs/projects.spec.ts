import { chooseModel, closePhoneSidebar, lastAnswer, send, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn, useSimParley } from '../support/sim-parley.ts';

const SHOTS = process.env.PW_SHOTS_DIR ?? '/tmp/parley-shots';

// The simulator's `echo-system` model answers with the system prompt it received, so the page
// shows whether the project's instructions reached the model.
const stack = useSimParley({ models: ['echo-system'] });

test('projects in the sidebar: create one, chat in it under its instructions, move a chat in, search, delete', async ({
  browser,
}) => {
  const { context, page } = await openSignedIn(browser, stack.server.url, 'projects');
  await page.setViewportSize({ width: 1440, height: 900 });
  await chooseModel(page, 'echo-system');
  const sidebar = page.getByTestId('sidebar-projects');

  // Create a project with instructions.
  await sidebar.getByTestId('project-create').click();
  const dialog = page.getByTestId('project-dialog');
  await dialog.getByTestId('project-name').fill('Poetry club');
  await dialog.getByTestId('project-description').fill('Short verse only');
  await dialog.getByTestId('project-instructions').fill('Always answer in haiku.');
  await dialog.getByTestId('project-save').click();
  await expect(dialog).toBeHidden();
  const project = sidebar.getByTestId('project-item').filter({ hasText: 'Poetry club' });
  await expect(project).toBeVisible();

  // Expanded, it offers a new chat in it; that chat's model receives the instructions.
  await project.getByTestId('project-toggle').click();
  await expect(project.getByTestId('project-empty')).toHaveText('No chats in this project yet.');
  await project.getByTestId('project-new-chat').click();
  await expect(page.getByTestId('project-draft-badge')).toHaveText('New chat in Poetry club');
  await send(page, 'Write about the sea');
  await waitIdle(page);
  await expect(lastAnswer(page)).toContainText('Always answer in haiku.');
  await expect(project.getByTestId('project-conversation')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/projects-desktop.png` });

  // A plain new chat is outside the project: no instructions. Its menu moves it in.
  await page.getByTestId('new-chat').click();
  await expect(page.getByTestId('project-draft-badge')).toHaveCount(0);
  await send(page, 'Lighthouse keepers');
  await waitIdle(page);
  await expect(lastAnswer(page)).toContainText('(no system prompt)');
  const row = page.getByTestId('conversation-row').first();
  await row.hover();
  await page.getByTestId('row-menu').first().click();
  await page.getByTestId('row-move-project').click();
  await page.getByTestId('row-move-project-target').filter({ hasText: 'Poetry club' }).click();
  await expect(project.getByTestId('project-conversation')).toHaveCount(2);

  // Search within the project finds that chat by its words.
  await project.getByTestId('project-search').fill('lighthouse');
  await expect(project.getByTestId('project-conversation')).toHaveCount(1);
  await project.getByTestId('project-search').fill('');
  await expect(project.getByTestId('project-conversation')).toHaveCount(2);

  // Out of the project from the menu, and back in by dragging its row onto the project.
  await row.hover();
  await page.getByTestId('row-menu').first().click();
  await page.getByTestId('row-move-project').click();
  await page.getByTestId('row-remove-from-project').click();
  await expect(project.getByTestId('project-conversation')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await row.dragTo(project.getByTestId('project-toggle'));
  await expect(project.getByTestId('project-conversation')).toHaveCount(2);

  // Deleting the project says the conversations stay, and they do.
  await project.getByTestId('project-menu').click();
  await page.getByTestId('project-delete').click();
  const confirm = page.getByTestId('project-remove-dialog');
  await expect(confirm).toContainText('The conversations in it are kept');
  await page.screenshot({ path: `${SHOTS}/projects-delete-confirm.png` });
  await confirm.getByTestId('confirm-button').click();
  await expect(sidebar.getByTestId('project-item')).toHaveCount(0);
  await expect(page.getByTestId('conversation-row')).toHaveCount(2);
  await context.close();
});

test('projects on a phone: the section sits above the conversations in the sliding sidebar', async ({
  browser,
}) => {
  const { context, page } = await openSignedIn(browser, stack.server.url, 'projects-phone');
  await page.setViewportSize({ width: 390, height: 844 });
  await closePhoneSidebar(page);
  await page.getByTestId('mobile-header').getByRole('button', { name: 'Toggle sidebar' }).click();
  const sidebar = page.getByTestId('sidebar-projects');
  await sidebar.getByTestId('project-create').click();
  await page.getByTestId('project-name').fill('Trip to Lisbon');
  await page.getByTestId('project-instructions').fill('Plan for a family of four.');
  await page.getByTestId('project-save').click();
  const project = sidebar.getByTestId('project-item').filter({ hasText: 'Trip to Lisbon' });
  await project.getByTestId('project-toggle').click();
  await expect(project.getByTestId('project-new-chat')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/projects-phone.png` });
  await context.close();
});
