import { textPicture } from '../../../packages/server/test/files/scan-fixtures.ts';
import { chooseModel, lastAnswer, send, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn, useSimParley } from '../support/sim-parley.ts';

// A server with OCR on (parley.yaml's ocr section): the attach menu offers "OCR text", and a
// picture of text uploaded that way reaches the echo model as its text.
const stack = useSimParley({ models: ['echo'], yaml: 'ocr:\n  strategy: local_tesseract\n' });

const SHOTS = process.env.PW_SHOTS_DIR ?? '/tmp/parley-shots';

test('"OCR text" reads a picture of text; the model is given the text and the chip says read in full', async ({
  browser,
}) => {
  // Reading the picture keeps a core busy for a few seconds, far more on a loaded machine.
  test.setTimeout(180_000);
  const { context, page } = await openSignedIn(browser, stack.server.url, 'ocrtext');
  await chooseModel(page, 'echo');
  await page.getByTestId('attach-button').click();
  await expect(page.getByTestId('attach-as-ocr_text')).toHaveText('OCR text');
  await page.screenshot({ path: `${SHOTS}/files-ocr-menu.png` });
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('attach-as-ocr_text').click();
  const picker = await chooser;
  // Pictures and PDFs only: a text file is refused in the browser with a toast.
  await picker.setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('words') });
  await expect(page.getByText('Only pictures and PDFs can be read by OCR.')).toBeVisible();
  await expect(page.getByTestId('attachment')).toHaveCount(0);

  await page.getByTestId('attach-button').click();
  const again = page.waitForEvent('filechooser');
  await page.getByTestId('attach-as-ocr_text').click();
  // Pictures go to the image upload route.
  const upload = page.waitForResponse(
    (r) => r.url().endsWith('/api/files/images') && r.request().method() === 'POST',
    {
      timeout: 120_000,
    },
  );
  await (
    await again
  ).setFiles({
    name: 'whiteboard.png',
    mimeType: 'image/png',
    buffer: textPicture(['Sprint goal on the whiteboard', 'Ship the harbour map MARKER 4471']),
  });
  expect((await upload).status()).toBe(201);
  await expect(page.getByTestId('attachment')).toHaveAttribute('data-progress', '1', { timeout: 90_000 });

  await send(page, 'What is the sprint goal?');
  await expect(lastAnswer(page)).toContainText('MARKER 4471');
  await waitIdle(page);
  await expect(page.getByTestId('message-file-read')).toHaveText('Read in full');
  await page.screenshot({ path: `${SHOTS}/files-ocr-answer.png` });
  await context.close();
});
