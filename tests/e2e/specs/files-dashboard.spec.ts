import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { signIn } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { apiToken } from './conversations-helpers.ts';

const SHOTS = process.env.PW_SHOTS_DIR ?? '/tmp/parley-shots';

async function upload(page: Page, token: string, name: string, mimeType: string, buffer: Buffer) {
  const res = await page.request.post('/api/files', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { endpoint: 'openAI', file: { name, mimeType, buffer } },
  });
  expect(res.status()).toBe(201);
}

const names = (page: Page) => page.getByTestId('files-name').allTextContents();

test('the files dashboard lists, searches, sorts, downloads and deletes my files', async ({
  page,
  baseURL,
}) => {
  const user = await signIn(page, baseURL!, 'files-dash');
  const token = await apiToken(page, user);
  const notes = '# Notes\n\nThe lighthouse keeper logs the weather every hour.\n';
  await upload(page, token, 'notes.md', 'text/markdown', Buffer.from(notes));
  await upload(page, token, 'budget.csv', 'text/csv', Buffer.from('item,cost\nlamp,12\noil,30\n'));
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  await upload(page, token, 'photo.png', 'image/png', png);

  // The account menu leads there, and so does any unknown dashboard path.
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'My files' }).click();
  await page.waitForURL('**/d/files');
  await page.goto('/d/no-such-page');
  await page.waitForURL('**/d/files');

  await expect(page.getByTestId('files-row')).toHaveCount(3);
  await expect(page.getByTestId('files-usage')).toHaveText(/^3 files · [\d.,]+ (bytes|kB) used$/);
  expect(await names(page)).toEqual(['photo.png', 'budget.csv', 'notes.md']);

  await page.getByTestId('files-sort-filename').click();
  expect(await names(page)).toEqual(['budget.csv', 'notes.md', 'photo.png']);
  await page.getByTestId('files-sort-filename').click();
  expect(await names(page)).toEqual(['photo.png', 'notes.md', 'budget.csv']);

  await page.getByTestId('files-search').fill('csv');
  await expect(page.getByTestId('files-row')).toHaveCount(1);
  await page.getByTestId('files-search').fill('nothing like it');
  await expect(page.getByTestId('files-empty')).toHaveText('No file matches your search.');
  await page.getByTestId('files-search').fill('');

  const row = page.getByTestId('files-row').filter({ hasText: 'notes.md' });
  const downloading = page.waitForEvent('download');
  await row.getByTestId('files-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('notes.md');
  expect(readFileSync((await download.path())!, 'utf8')).toBe(notes);

  await page.getByRole('checkbox', { name: 'Select notes.md' }).check();
  await page.getByRole('checkbox', { name: 'Select budget.csv' }).check();
  await expect(page.getByTestId('files-delete-selected')).toHaveText('Delete selected (2)');
  await page.screenshot({ path: `${SHOTS}/files-dashboard.png` });
  await page.getByTestId('files-delete-selected').click();
  const confirm = page.getByTestId('files-delete-confirm');
  await expect(confirm).toContainText('Delete 2 files?');
  await confirm.getByTestId('confirm-button').click();
  await expect(page.getByText('2 files deleted')).toBeVisible();
  await expect(page.getByTestId('files-row')).toHaveCount(1);
  await expect(page.getByTestId('files-usage')).toHaveText(/^1 file · /);

  const left = await page.request.get('/api/files', { headers: { Authorization: `Bearer ${token}` } });
  expect(((await left.json()) as { filename: string }[]).map((f) => f.filename)).toEqual(['photo.png']);

  // Select all, then delete the last one from its row.
  await page.getByTestId('files-select-all').check();
  await expect(page.getByTestId('files-delete-selected')).toHaveText('Delete selected (1)');
  await page.getByTestId('files-row').getByTestId('files-delete').click();
  await confirm.getByTestId('confirm-button').click();
  await expect(page.getByTestId('files-empty')).toHaveText(/No files yet/);
});
