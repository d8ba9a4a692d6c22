import { expect, test } from '../support/fixtures.ts';
import { openRowMenu, row, signInWithChats } from './conversations-helpers.ts';

// A title changed in one tab reaches the header of every other tab that has the conversation
// open, without a reload: the other tabs refetched only their sidebar lists, so the header (which
// reads the conversation's own query) kept the old title — "New Chat" after the generated title
// arrived, the old name after a rename. (titles-tabs.spec.ts passes either way: with the
// simulator the generated title comes with the answer's final event, which the other tab follows
// too.)

const SHOTS = process.env.SHOTS_OUT ?? 'test-results/screenshots';

test("a rename in one tab reaches the other tab's header", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInWithChats(page, baseURL!, ['Packing list'], 'titlerename');
  await row(page, 'Packing list').click();
  await page.waitForURL(/\/c\/(?!new)/);
  await expect(page.getByTestId('conversation-title')).toHaveText('Packing list');

  const other = await page.context().newPage();
  await other.setViewportSize({ width: 1440, height: 900 });
  await other.goto(page.url());
  await expect(other.getByTestId('conversation-title')).toHaveText('Packing list');

  await page.bringToFront();
  await openRowMenu(page, 'Packing list');
  await page.getByTestId('row-rename').click();
  await page.getByTestId('rename-input').fill('Lisbon packing list');
  await page.getByTestId('rename-input').press('Enter');
  await expect(page.getByTestId('conversation-title')).toHaveText('Lisbon packing list');

  // No reload and no focus change in the other tab: its sidebar and its header follow.
  await expect(row(other, 'Lisbon packing list')).toBeVisible({ timeout: 10_000 });
  await expect(other.getByTestId('conversation-title')).toHaveText('Lisbon packing list', {
    timeout: 10_000,
  });
  await other.screenshot({ path: `${SHOTS}/titles-tabs-rename-other.png` });
});
