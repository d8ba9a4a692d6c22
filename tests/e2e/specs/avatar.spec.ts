import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { signIn } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

const SHOTS = process.env.PW_SHOTS_DIR ?? '/tmp/parley-shots';

const RED = [220, 30, 30];
const BLUE = [30, 30, 220];
const GREEN = [30, 200, 30];

/**
 * 400 × 200: left half red, right half blue, inside a 40 px green frame. Turned a quarter
 * clockwise, red is on top; zoomed in twice, the frame falls outside the crop.
 */
function framedPicture(): Promise<Buffer> {
  const width = 400;
  const height = 200;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const frame = x < 40 || x >= width - 40 || y < 40 || y >= height - 40;
      const colour = frame ? GREEN : x < width / 2 ? RED : BLUE;
      pixels.set(colour, (y * width + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** The RGB of the pixel at (x, y) of the shown avatar, read back through a canvas. */
function avatarPixel(page: Page, x: number, y: number): Promise<number[]> {
  return page
    .getByTestId('account-menu')
    .getByTestId('user-avatar')
    .evaluate(
      (img: HTMLImageElement, [px, py]) => {
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(img, 0, 0);
        return [...ctx.getImageData(px!, py!, 1, 1).data.slice(0, 3)];
      },
      [x, y],
    );
}

const near = (actual: number[], expected: number[]) =>
  actual.every((v, i) => Math.abs(v - expected[i]!) < 40);

test('changes the profile picture: refuses a wrong file, then crops, zooms, rotates and uploads', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!, 'avatar');
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Account' }).click();
  await page.getByTestId('change-avatar').click();
  const dialog = page.getByTestId('avatar-dialog');
  await expect(dialog).toBeVisible();

  // A GIF is not a profile picture: the toast names the rule and its size.
  await dialog.getByTestId('avatar-input').setInputFiles({
    name: 'moving.gif',
    mimeType: 'image/gif',
    buffer: await sharp(await framedPicture())
      .gif()
      .toBuffer(),
  });
  await expect(page.getByText('only PNG or JPEG pictures of up to 2 MB')).toBeVisible();
  await expect(dialog.getByTestId('avatar-cropper')).toHaveCount(0);

  await dialog
    .getByTestId('avatar-input')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await framedPicture() });
  await expect(dialog.getByTestId('avatar-cropper').locator('img')).toBeVisible();
  const zoom = dialog.getByTestId('avatar-zoom');
  await zoom.focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  await expect(zoom).toHaveValue('2');
  await dialog.getByTestId('avatar-rotate').click();
  await page.screenshot({ path: `${SHOTS}/avatar-crop.png` });
  await dialog.getByTestId('avatar-upload').click();

  await expect(page.getByText('Profile picture updated')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const shown = page.getByTestId('account-menu').getByTestId('user-avatar');
  await expect(shown).toHaveAttribute('src', /^\/api\/files\/avatars\/[^/]+\/[0-9a-f-]{36}$/);
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(250);
  // Turned: red above blue. Zoomed: no green frame at the edges.
  expect(near(await avatarPixel(page, 125, 60), RED)).toBe(true);
  expect(near(await avatarPixel(page, 125, 190), BLUE)).toBe(true);
  expect(near(await avatarPixel(page, 4, 60), RED)).toBe(true);
  expect(near(await avatarPixel(page, 245, 190), BLUE)).toBe(true);
  await page.keyboard.press('Escape');
  await page.screenshot({ path: `${SHOTS}/avatar-set.png` });

  // The picture stays after a reload.
  await page.reload();
  await expect(page.getByTestId('account-menu').getByTestId('user-avatar')).toHaveAttribute(
    'src',
    /^\/api\/files\/avatars\//,
  );
});
