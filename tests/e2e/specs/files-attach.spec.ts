import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

const SHOTS = process.env.PW_SHOTS_DIR ?? '/tmp/parley-shots';

async function picture(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 37) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

test('attach a picture, watch it upload, send it to a vision model and open it in the viewer', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!, 'files');
  await chooseModel(page, 'vision');
  const png = await picture(64, 40);
  const hash = createHash('sha256').update(png).digest('hex').slice(0, 16);

  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: png });
  const chip = page.getByTestId('attachment');
  await expect(chip).toHaveCount(1);
  await expect(chip).toHaveAttribute('data-progress', '1');
  await expect(chip).toContainText('chart.png');

  // A second file removed before sending is not sent.
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(chip).toHaveCount(2);
  await expect(chip.nth(1)).toHaveAttribute('data-progress', '1');
  await page.screenshot({ path: `${SHOTS}/files-attached.png` });
  await chip.nth(1).getByTestId('remove-attachment').click();
  await expect(chip).toHaveCount(1);

  await send(page, 'What is in this picture?');
  await expect(lastAnswer(page)).toContainText(`image 1: 64x40 image/png sha256:${hash}`);
  await waitIdle(page);
  await expect(page.getByTestId('attachment')).toHaveCount(0);
  const thumb = page.getByTestId('message-image');
  await expect(thumb.locator('img')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/files-sent.png` });
  await thumb.click();
  await expect(page.getByTestId('image-viewer').locator('img')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/files-viewer.png` });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('image-viewer')).toHaveCount(0);

  // After a reload the sent picture is still there, fetched from the server.
  await page.reload();
  await expect(page.getByTestId('message-image').locator('img')).toBeVisible();
});

test('drop shows the overlay and attaches; paste renames with a timestamp; bad files are refused', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!, 'files-drop');
  const zone = page.getByTestId('chat-input');
  const dataTransfer = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['dropped text'], 'dropped.txt', { type: 'text/plain' }));
    return dt;
  });
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await expect(page.getByTestId('drop-overlay')).toContainText('Add anything');
  await expect(page.getByTestId('drop-overlay')).toContainText(
    'Drop any file here to add it to the conversation',
  );
  await page.screenshot({ path: `${SHOTS}/files-drop-overlay.png` });
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByTestId('drop-overlay')).toHaveCount(0);
  // File search is on, so a drop asks how to add the files (files-drop-chooser.spec.ts).
  await page.getByTestId('upload-type-file').click();
  await expect(page.getByTestId('attachment')).toContainText('dropped.txt');

  await zone.evaluate((el) => {
    const dt = new DataTransfer();
    dt.items.add(new File(['pasted'], 'image.txt', { type: 'text/plain' }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  });
  await page.getByTestId('upload-type-file').click();
  await expect(page.getByTestId('attachment').nth(1)).toContainText(/^\d{4}-\d\d-\d\dT[\d-]+Z-image\.txt/);

  await page.getByTestId('file-input').setInputFiles({
    name: 'tool.exe',
    mimeType: 'application/x-msdownload',
    buffer: Buffer.from('MZ'),
  });
  await expect(page.getByText('Currently, unsupported file type: application/x-msdownload')).toBeVisible();
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) });
  await expect(page.getByText('The files are empty.')).toBeVisible();
  await expect(page.getByTestId('attachment')).toHaveCount(2);
});

// Files can arrive before the chat knows its endpoint and limits (a drop or a paste right after
// the page opens): they wait and are attached once it does, instead of being dropped unseen.
test('a file chosen while the chat is still loading is attached once it is ready', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!, 'fileearly');
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/endpoints', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByTestId('chat-input')).toBeVisible();
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'early-notes.txt', mimeType: 'text/plain', buffer: Buffer.from('tern census') });
  const chips = page.getByTestId('attachment');
  await expect(chips).toHaveCount(0);
  release();
  await expect(chips).toHaveCount(1);
  await expect(chips).toContainText('early-notes.txt');
  await expect(chips).toHaveAttribute('data-progress', '1');
});

test('attachments of an unsent message survive a reload and another chat, leave on send, and stay with their account', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!, 'filedraft');
  const chips = page.getByTestId('attachment');
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'draft-notes.txt', mimeType: 'text/plain', buffer: Buffer.from('gull census') });
  await expect(chips).toHaveCount(1);
  await expect(chips).toHaveAttribute('data-progress', '1');

  // A reload brings the uploaded file back with the box.
  await page.reload();
  await expect(chips).toHaveCount(1);
  await expect(chips).toContainText('draft-notes.txt');
  await expect(chips).toHaveAttribute('data-progress', '1');
  await page.screenshot({ path: `${SHOTS}/files-draft-restored.png` });

  // Sending carries it and clears the draft: the next new chat starts without it, after a reload too.
  await send(page, 'Here are my notes');
  await expect(page.getByTestId('message-files').first()).toContainText('draft-notes.txt');
  await waitIdle(page);
  await expect(chips).toHaveCount(0);
  const conversationUrl = page.url();
  await page.goto('/c/new');
  await expect(page.getByTestId('chat-input')).toBeVisible();
  await expect(chips).toHaveCount(0);

  // A draft in one conversation stays there while another is open.
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'second.txt', mimeType: 'text/plain', buffer: Buffer.from('tern census') });
  await expect(chips).toHaveAttribute('data-progress', '1');
  await page.goto(conversationUrl);
  await expect(page.getByTestId('message-files').first()).toBeVisible();
  await expect(chips).toHaveCount(0);
  await page.goto('/c/new');
  await expect(chips).toHaveCount(1);
  await expect(chips).toContainText('second.txt');

  // Another account signing in on this browser never sees it.
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL('**/login');
  await signIn(page, baseURL!, 'filedraft2');
  await expect(page.getByTestId('chat-input')).toBeVisible();
  await expect(chips).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('chat-input')).toBeVisible();
  await expect(chips).toHaveCount(0);
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('filesDraft_'))),
  ).toEqual([]);
});
