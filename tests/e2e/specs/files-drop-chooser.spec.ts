import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { signIn } from '../support/chat.ts';
import { drop, paste } from '../support/file-transfer.ts';
import { expect, test } from '../support/fixtures.ts';

const SHOTS = process.env.PW_SHOTS_DIR ?? '/tmp/parley-shots';

async function picture(): Promise<number[]> {
  const pixels = Buffer.alloc(32 * 24 * 3, 90);
  return [
    ...(await sharp(pixels, { raw: { width: 32, height: 24, channels: 3 } })
      .png()
      .toBuffer()),
  ];
}

/**
 * The `tool_resource` field of the upload `act` starts ('' when it has none). The browser cannot
 * show Playwright an XHR's multipart body, so the form's text fields are noted as they are added.
 */
async function nextUploadToolResource(page: Page, act: () => Promise<void>): Promise<string> {
  await page.evaluate(() => {
    const w = window as unknown as { formFields: string[]; fieldsNoted?: boolean };
    w.formFields = [];
    if (w.fieldsNoted) return;
    w.fieldsNoted = true;
    const append = FormData.prototype.append;
    FormData.prototype.append = function (this: FormData, ...args: [string, string | Blob, string?]) {
      if (typeof args[1] === 'string') w.formFields.push(`${args[0]}=${args[1]}`);
      Reflect.apply(append, this, args);
    };
  });
  const response = page.waitForResponse(
    (r) => /\/api\/files(\/images)?$/.test(r.url()) && r.request().method() === 'POST',
  );
  await act();
  expect((await response).status()).toBe(201);
  const fields = await page.evaluate(() => (window as unknown as { formFields: string[] }).formFields);
  // The form was seen (so an absent tool_resource really is absent).
  expect(fields.some((f) => f.startsWith('endpoint='))).toBe(true);
  return fields.find((f) => f.startsWith('tool_resource='))?.slice('tool_resource='.length) ?? '';
}

test('dropped and pasted files ask how to add them: images only for pictures, file search, cancel', async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL!, 'files-chooser');
  const png = await picture();
  const dialog = page.getByTestId('upload-type-dialog');

  // A dropped picture: every kind is offered.
  await drop(page, [{ name: 'otter.png', type: 'image/png', bytes: png }]);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('How should these files be added?');
  await expect(dialog).toContainText('otter.png');
  await expect(dialog.getByRole('button', { name: 'Upload images' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Upload files' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Upload for file search' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/files-drop-chooser.png` });

  // Cancel and Escape add nothing.
  await dialog.getByTestId('upload-type-cancel').click();
  await expect(dialog).toHaveCount(0);
  await drop(page, [{ name: 'otter.png', type: 'image/png', bytes: png }]);
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('attachment')).toHaveCount(0);

  // A picture with a document: no "images" choice; file search sends the tool resource.
  await drop(page, [
    { name: 'otter.png', type: 'image/png', bytes: png },
    { name: 'notes.txt', type: 'text/plain', bytes: 'sea otters hold hands' },
  ]);
  await expect(dialog).toContainText('otter.png, notes.txt');
  await expect(dialog.getByTestId('upload-type-image')).toHaveCount(0);
  await expect(dialog.getByTestId('upload-type-file')).toBeVisible();
  const resource = await nextUploadToolResource(page, () =>
    dialog.getByTestId('upload-type-file_search').click(),
  );
  expect(resource).toBe('file_search');
  await expect(page.getByTestId('attachment')).toHaveCount(2);
  await expect(page.getByTestId('attachment').nth(1)).toHaveAttribute('data-progress', '1');

  // More than three files are named up to three, then counted.
  await drop(
    page,
    ['a', 'b', 'c', 'd', 'e'].map((n) => ({ name: `${n}.txt`, type: 'text/plain', bytes: n })),
  );
  await expect(dialog).toContainText('a.txt, b.txt, c.txt and 2 more files');
  await page.keyboard.press('Escape');

  // A pasted screenshot goes through the same chooser, under its timestamped name, as an image.
  await paste(page, [{ name: 'image.png', type: 'image/png', bytes: png }]);
  await expect(dialog).toContainText(/\d{4}-\d\d-\d\dT[\d-]+Z-image\.png/);
  const pasted = await nextUploadToolResource(page, () => dialog.getByTestId('upload-type-image').click());
  expect(pasted).toBe('');
  await expect(page.getByTestId('attachment')).toHaveCount(3);
  await expect(page.getByTestId('attachment').nth(2)).toContainText(/Z-image\.png/);
});
