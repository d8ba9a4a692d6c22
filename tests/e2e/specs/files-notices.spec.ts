import { chooseModel, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

// The notices an attachment can bring: a slow upload warns while it runs, a removed attachment's
// deletion is confirmed, and a sent file past its `expiresAt` shows as expired instead of a link.

test('a slow upload warns that it is still on its way, and a removed attachment is confirmed deleted', async ({
  page,
  baseURL,
}, testInfo) => {
  await signIn(page, baseURL!, 'slowup');
  // The upload answers after 6 s: past the 5 s (plus 2 s per megabyte) a one-byte file is allowed.
  await page.route('**/api/files', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await new Promise((resolve) => setTimeout(resolve, 6000));
    await route.fallback();
  });
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  const toast = page.getByTestId('toast');
  // Nothing is said in the first 5 s; the warning comes soon after.
  await page.waitForTimeout(4500);
  await expect(toast.filter({ hasText: 'taking longer than expected' })).toHaveCount(0);
  await expect(toast).toContainText('“notes.txt” is taking longer than expected to upload', {
    timeout: 3000,
  });
  await page.screenshot({ path: testInfo.outputPath('slow-upload.png') });
  const chip = page.getByTestId('attachment');
  await expect(chip).toHaveAttribute('data-progress', '1', { timeout: 10_000 });
  // The warning stays up 10 s from when it appeared, so it is still there once the file is in.
  await expect(toast).toContainText('taking longer than expected');
  await page.unroute('**/api/files');

  const deleted = page.waitForResponse(
    (r) => r.url().endsWith('/api/files') && r.request().method() === 'DELETE',
  );
  await chip.getByTestId('remove-attachment').click();
  expect((await deleted).ok()).toBe(true);
  await expect(page.getByTestId('toast').filter({ hasText: 'Successfully deleted' })).toBeVisible({
    timeout: 15_000,
  });
});

test('a sent file whose expiresAt has passed shows the expired notice instead of its thumbnail', async ({
  page,
  baseURL,
}, testInfo) => {
  await signIn(page, baseURL!, 'expired');
  await chooseModel(page, 'vision');
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'old.txt', mimeType: 'text/plain', buffer: Buffer.from('old notes') });
  await expect(page.getByTestId('attachment')).toHaveAttribute('data-progress', '1');
  await send(page, 'Read this');
  await waitIdle(page);
  await expect(page.getByTestId('message-file')).toContainText('old.txt');

  // The same conversation as a LibreChat export would bring it: the file expired an hour ago.
  await page.route('**/api/messages/*', async (route) => {
    const response = await route.fetch();
    const messages = (await response.json()) as { files?: Record<string, unknown>[] }[];
    for (const message of messages)
      for (const file of message.files ?? []) file.expiresAt = Date.now() - 3_600_000;
    await route.fulfill({ response, json: messages });
  });
  await page.reload();
  const expired = page.getByTestId('expired-file');
  await expect(expired).toContainText('old.txt');
  await expect(expired).toContainText('This file has expired and can no longer be downloaded.');
  await expect(page.getByTestId('message-file')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('expired-file.png') });
});
