import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Page, Request } from '@playwright/test';
import { chooseModel, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { drop, paste } from '../support/file-transfer.ts';
import { expect, test } from '../support/fixtures.ts';
import { heicWithDeclaredSize, readHeicFixture } from '../support/heic-fixture.ts';

const SHOTS = process.env.PW_SHOTS_DIR ?? '/tmp/parley-shots';
const CONVERSION_FAILED = 'Failed to convert HEIC image to JPEG';

const isUpload = (r: Request) => /\/api\/files(\/images)?$/.test(r.url()) && r.method() === 'POST';

/**
 * Notes the files the page puts in upload forms from now on. Playwright cannot show an XHR's
 * multipart body, so the form's file parts are kept as they are added.
 */
async function noteUploadedFiles(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { uploadedFiles: Blob[] };
    w.uploadedFiles = [];
    const append = FormData.prototype.append;
    FormData.prototype.append = function (this: FormData, ...args: [string, string | Blob, string?]) {
      if (args[1] instanceof Blob) w.uploadedFiles.push(args[1]);
      Reflect.apply(append, this, args);
    };
  });
}

/** The bytes and type of the first file put in an upload form since noteUploadedFiles. */
async function firstUploadedFile(page: Page): Promise<{ bytes: Buffer; type: string }> {
  const { bytes, type } = await page.evaluate(async () => {
    const file = (window as unknown as { uploadedFiles: Blob[] }).uploadedFiles[0]!;
    return { bytes: [...new Uint8Array(await file.arrayBuffer())], type: file.type };
  });
  return { bytes: Buffer.from(bytes), type };
}

/** Counts the page's upload requests from now on. */
function countUploads(page: Page): { readonly n: number } {
  const seen = { n: 0 };
  page.on('request', (r) => {
    if (isUpload(r)) seen.n++;
  });
  return seen;
}

test('a HEIC photo becomes a JPEG before upload and a vision model sees it', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, baseURL!, 'heic');
  await chooseModel(page, 'vision');
  const heic = Buffer.from(await readHeicFixture());

  await noteUploadedFiles(page);
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: heic });
  await expect(page.getByTestId('toast').filter({ hasText: 'Converting the HEIC picture' })).toBeVisible();
  const chip = page.getByTestId('attachment');
  await expect(chip).toHaveAttribute('data-progress', '1');
  // The chip shows what is sent: the JPEG, with its thumbnail.
  await expect(chip).toContainText('IMG_0001.jpg');
  await expect(chip).toContainText('JPEG');
  await expect(chip.locator('img')).toBeVisible();
  expect(await chip.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);

  // What went over the wire is a JPEG of the same picture: 64×40, the gradient's colours.
  const { bytes: jpeg, type } = await firstUploadedFile(page);
  expect(type).toBe('image/jpeg');
  const meta = await sharp(jpeg).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 64, 40]);
  const { data } = await sharp(jpeg).extract({ left: 32, top: 20, width: 1, height: 1 }).raw().toBuffer({
    resolveWithObject: true,
  });
  // The fixture's pixel (x, y) is (4x, 6y, 128): at (32, 20) that is (128, 120, 128).
  [128, 120, 128].forEach((expected, i) => expect(Math.abs(data[i]! - expected)).toBeLessThan(24));
  await page.screenshot({ path: `${SHOTS}/files-heic-chip-1440.png` });

  // The vision model receives those exact bytes.
  const hash = createHash('sha256').update(jpeg).digest('hex').slice(0, 16);
  await send(page, 'What is in this photo?');
  await expect(lastAnswer(page)).toContainText(`image 1: 64x40 image/jpeg sha256:${hash}`);
  await waitIdle(page);
  const thumb = page.getByTestId('message-image');
  await expect(thumb.locator('img')).toBeVisible();
  await thumb.click();
  await expect(page.getByTestId('image-viewer').locator('img')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/files-heic-viewer-1440.png` });
});

test('a HEIC photo dropped or pasted is converted too (on a phone)', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, baseURL!, 'heic-drop');
  const bytes = [...(await readHeicFixture())];
  const chips = page.getByTestId('attachment');
  const dialog = page.getByTestId('upload-type-dialog');

  await drop(page, [{ name: 'beach.heic', type: 'image/heic', bytes }]);
  await dialog.getByTestId('upload-type-image').click();
  await expect(chips).toHaveCount(1);
  await expect(chips).toContainText('beach.jpg');
  await expect(chips).toHaveAttribute('data-progress', '1');

  // A pasted photo may come with no type at all: its .heif name says what it is.
  await paste(page, [{ name: 'shot.heif', type: '', bytes }]);
  await dialog.getByTestId('upload-type-image').click();
  await expect(chips).toHaveCount(2);
  await expect(chips.nth(1)).toContainText(/Z-shot\.jpg/);
  await expect(chips.nth(1)).toHaveAttribute('data-progress', '1');
  await page.screenshot({ path: `${SHOTS}/files-heic-chip-390.png` });
});

test('a broken, fake or oversized HEIC shows the conversion error and uploads nothing', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, baseURL!, 'heic-bad');
  const heic = await readHeicFixture();
  const uploads = countUploads(page);
  const chips = page.getByTestId('attachment');
  const error = page.getByTestId('toast').filter({ hasText: CONVERSION_FAILED });
  const bad = [
    // Cut short: the header is whole, the coded picture is not.
    { name: 'cut.heic', buffer: Buffer.from(heic.subarray(0, heic.length - 120)) },
    // Text under a HEIC name.
    { name: 'notes.heic', buffer: Buffer.from('this is not a photo at all') },
    // A 627-byte file that declares 60000 × 60000 pixels.
    { name: 'huge.heic', buffer: Buffer.from(heicWithDeclaredSize(heic, 60_000, 60_000)) },
  ];
  for (const [i, file] of bad.entries()) {
    await page.getByTestId('file-input').setInputFiles({ ...file, mimeType: 'image/heic' });
    // The error waits behind the 3 s "Converting" notice, and the first file also loads and
    // compiles the 3 MB decoder: slow on a loaded machine.
    await expect(error).toBeVisible({ timeout: 20_000 });
    await expect(chips).toHaveCount(0);
    if (i === 0) await page.screenshot({ path: `${SHOTS}/files-heic-error-390.png` });
    if (i === 1) await page.screenshot({ path: `${SHOTS}/files-heic-error-1440.png` });
    // Closed by hand: waiting out each error's own 5 s (behind the 3 s "Converting" notice) made
    // this test take half its time limit on a quiet machine and overrun it on a loaded one.
    await error.getByRole('button').click();
    await expect(error).toHaveCount(0);
    if (i === 0) await page.setViewportSize({ width: 1440, height: 900 });
  }
  expect(uploads.n).toBe(0);

  // The page still works: a good HEIC right after converts and uploads.
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'good.heic', mimeType: 'image/heic', buffer: Buffer.from(heic) });
  await expect(chips).toContainText('good.jpg');
  await expect(chips).toHaveAttribute('data-progress', '1');
  expect(uploads.n).toBe(1);
});
