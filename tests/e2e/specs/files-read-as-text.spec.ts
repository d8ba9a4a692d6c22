import { chooseModel, closePhoneSidebar, lastAnswer, send, signIn, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';

const SHOTS = process.env.PW_SHOTS_DIR ?? '/tmp/parley-shots';

/**
 * "Upload as text" from the paperclip: the document's text goes to the model with the question
 * (the simulator's echo model repeats what it received, so the answer shows the document's
 * marker), and the chip under the sent message says the model read it in full.
 */
for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`attach a text file as text, ask, and see it read in full (${viewport.name})`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, baseURL!, `astext-${viewport.name}`);
    if (viewport.width < 768) await closePhoneSidebar(page);
    await chooseModel(page, 'echo');
    const marker = `TIDE-MARKER-${viewport.name.toUpperCase()}`;

    await page.getByTestId('attach-button').click();
    await expect(page.getByTestId('attach-as-ocr')).toHaveText('Upload as text');
    await page.screenshot({ path: `${SHOTS}/files-attach-menu-${viewport.name}.png` });
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('attach-as-ocr').click();
    const upload = page.waitForResponse(
      (r) => r.url().endsWith('/api/files') && r.request().method() === 'POST',
    );
    await (
      await chooser
    ).setFiles({
      name: 'tide-table.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(`Tide table for the harbour.\nHigh water on Sunday at 06:12, ${marker}.\n`),
    });
    const response = await upload;
    expect(response.status()).toBe(201);
    await expect(page.getByTestId('attachment')).toHaveAttribute('data-progress', '1');

    await send(page, 'When is high water on Sunday?');
    await expect(lastAnswer(page)).toContainText(marker);
    await waitIdle(page);
    const chip = page.getByTestId('message-file');
    await expect(chip).toContainText('tide-table.txt');
    await expect(chip.getByTestId('message-file-read')).toHaveText('Read in full');
    await page.screenshot({ path: `${SHOTS}/files-read-as-text-${viewport.name}.png` });

    // After a reload the chip still says so: the server saved it with the message.
    await page.reload();
    await expect(page.getByTestId('message-file-read')).toHaveText('Read in full');
  });
}
