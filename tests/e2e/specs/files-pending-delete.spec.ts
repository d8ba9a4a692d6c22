import sharp from 'sharp';
import { signIn } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { apiToken } from './conversations-helpers.ts';

// A file removed from a message before sending is deleted on the server a second later, in a
// batch. A reload (or a closed tab) inside that second, or a failed delete, must not leave it on
// the server: it is kept in local storage and deleted when the app starts again.
test('a removed upload whose delete never reached the server is deleted after a reload', async ({
  page,
  baseURL,
}) => {
  const user = await signIn(page, baseURL!, 'files-pending');
  const token = await apiToken(page, user);
  const ownFiles = async () =>
    (
      (await (
        await page.request.get('/api/files', { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as { file_id: string }[]
    ).map((f) => f.file_id);

  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
  await page.getByTestId('file-input').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png });
  const chip = page.getByTestId('attachment');
  await expect(chip).toHaveAttribute('data-progress', '1');
  const [fileId] = await ownFiles();
  expect(fileId).toBeDefined();

  // The page goes away before its delete is answered: here the request is cut off.
  let cutOff = 0;
  await page.route('**/api/files', (route) =>
    route.request().method() === 'DELETE' ? (cutOff++, route.abort()) : route.fallback(),
  );
  await chip.getByTestId('remove-attachment').click();
  await expect(chip).toHaveCount(0);
  await expect.poll(() => cutOff).toBe(1);
  const kept = await page.evaluate(() =>
    Object.keys(JSON.parse(localStorage.getItem('filesToDelete') ?? '{}')),
  );
  expect(kept).toEqual([fileId]);
  expect(await ownFiles()).toEqual([fileId]);
  await page.unroute('**/api/files');

  const deleted = page.waitForRequest((r) => r.method() === 'DELETE' && r.url().endsWith('/api/files'));
  await page.reload();
  expect((await deleted).postDataJSON()).toEqual({ files: [{ file_id: fileId }] });
  await expect.poll(ownFiles).toEqual([]);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('filesToDelete'))).toBeNull();
});
