import { readFile } from 'node:fs/promises';
import { chooseModel, lastAnswer, send, turnOnTool, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn, useSimParley } from '../support/sim-parley.ts';
import { pdfDocument } from '../../../packages/server/test/files/document-fixtures.ts';

const SHOTS = process.env.PW_SHOTS_DIR ?? '/tmp/parley-shots';

// The simulator's `file-search` model calls file_search, then cites every passage as one run of
// markers ([1][2]) and each passage on its own ([1]).
const stack = useSimParley({ models: ['file-search'] });

const OTTERS = [
  'Sea otters float on their backs and crack shellfish with stones they keep in a pouch.',
  '',
  'Sea otters hold hands while they sleep so the current does not part them.',
].join('\n');
const KELP = 'Kelp forests shelter sea otters from storms and from orcas hunting in open water.';

async function tokenOf(baseURL: string, user: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  return ((await res.json()) as { token: string }).token;
}

test('attach menu and file citations: documents uploaded for file search, markers open a pop-up that pages through passages and downloads the file', async ({
  browser,
}) => {
  const { context, page, user } = await openSignedIn(browser, stack.server.url, 'filecite');
  await chooseModel(page, 'file-search');
  await turnOnTool(page, 'file_search');

  // The browser cannot show Playwright an XHR's multipart body: the form's text fields are noted
  // as they are added instead.
  await page.evaluate(() => {
    const fields: string[] = [];
    (window as unknown as { formFields: string[] }).formFields = fields;
    const append = FormData.prototype.append;
    FormData.prototype.append = function (this: FormData, ...args: [string, string | Blob, string?]) {
      if (typeof args[1] === 'string') fields.push(`${args[0]}=${args[1]}`);
      Reflect.apply(append, this, args);
    };
  });

  // The attach menu: pictures only as images, documents for file search.
  await page.getByTestId('attach-button').click();
  const menu = page.getByTestId('attach-menu');
  await expect(menu.getByTestId('attach-as-image')).toBeVisible();
  await expect(menu.getByTestId('attach-as-file')).toBeVisible();
  await expect(menu.getByTestId('attach-as-file_search')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/attach-menu.png` });
  let chooser = page.waitForEvent('filechooser');
  await menu.getByTestId('attach-as-image').click();
  await (await chooser).setFiles({ name: 'otters.txt', mimeType: 'text/plain', buffer: Buffer.from(OTTERS) });
  await expect(page.getByText('Only pictures can be uploaded as images.')).toBeVisible();
  await expect(page.getByTestId('attachment')).toHaveCount(0);

  for (const [name, mimeType, text] of [
    ['otters.txt', 'text/plain', OTTERS],
    ['kelp.md', 'text/markdown', KELP],
  ] as const) {
    await page.getByTestId('attach-button').click();
    chooser = page.waitForEvent('filechooser');
    await page.getByTestId('attach-as-file_search').click();
    const upload = page.waitForResponse(
      (r) => r.url().endsWith('/api/files') && r.request().method() === 'POST',
    );
    await (await chooser).setFiles({ name, mimeType, buffer: Buffer.from(text) });
    expect((await upload).status()).toBe(201);
  }
  const fields = await page.evaluate(() => (window as unknown as { formFields: string[] }).formFields);
  expect(fields.filter((f) => f === 'tool_resource=file_search')).toHaveLength(2);
  await expect(page.getByTestId('attachment')).toHaveCount(2);
  await expect(page.getByTestId('attachment').nth(1)).toHaveAttribute('data-progress', '1');
  await send(page, 'sea otters');
  await waitIdle(page);

  const answer = lastAnswer(page);
  await expect(answer).toContainText('I found');
  const markers = answer.getByTestId('citation-marker');
  // The run of markers citing every passage, then one marker per passage.
  await expect(markers.first()).toContainText('+');
  await expect(answer).not.toContainText('[1]');
  await page.screenshot({ path: `${SHOTS}/file-citations-answer.png` });

  await markers.first().click();
  const popup = page.getByTestId('citation-popup');
  await expect(popup).toBeVisible();
  await expect(popup.getByTestId('citation-page')).toHaveText(/^1 \/ \d$/);
  const firstName = await popup.getByTestId('citation-filename').textContent();
  await expect(popup.getByTestId('citation-snippet')).toContainText('otters');
  await expect(popup.getByTestId('citation-previous')).toBeDisabled();
  await popup.getByTestId('citation-next').click();
  await expect(popup.getByTestId('citation-page')).toHaveText(/^2 \/ \d$/);
  await expect(popup.getByTestId('citation-filename')).not.toHaveText(firstName ?? '');
  await expect(popup.getByTestId('citation-download')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/file-citations-popup.png` });

  // Download gives the file's own bytes under its own name.
  const name = (await popup.getByTestId('citation-filename').textContent()) ?? '';
  const downloading = page.waitForEvent('download');
  await popup.getByTestId('citation-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(name);
  expect(await readFile((await download.path())!, 'utf8')).toBe(name === 'kelp.md' ? KELP : OTTERS);
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();

  // Once the files are deleted the server no longer gives them to this person: after a reload the
  // pop-up still shows the saved passage, without a download button.
  const token = await tokenOf(stack.server.url, user);
  const mine = (await (
    await fetch(`${stack.server.url}/api/files`, { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { file_id: string }[];
  const deleted = await fetch(`${stack.server.url}/api/files`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ files: mine.map((f) => ({ file_id: f.file_id })) }),
  });
  expect(deleted.ok).toBe(true);
  await page.reload();
  const checked = page.waitForResponse(
    (r) => r.request().method() === 'HEAD' && r.url().includes('/api/files/download/'),
  );
  await lastAnswer(page).getByTestId('citation-marker').first().click();
  expect((await checked).status()).toBe(404);
  await expect(popup.getByTestId('citation-snippet')).toBeVisible();
  await expect(popup.getByTestId('citation-filename')).toHaveText(firstName ?? '');
  await expect(popup.getByTestId('citation-download')).toHaveCount(0);
  await context.close();
});

test('a passage found in a PDF is cited with its page in the pop-up, on a wide and a phone screen', async ({
  browser,
}) => {
  // Reading the PDF in its own thread, then a chat turn: slow on a loaded machine.
  test.setTimeout(150_000);
  const { context, page } = await openSignedIn(browser, stack.server.url, 'filepage');
  await page.setViewportSize({ width: 1440, height: 900 });
  await chooseModel(page, 'file-search');
  await turnOnTool(page, 'file_search');
  // Three long pages (passages are about 1,500 characters); only the middle of the second talks
  // about otters, so the passage found starts and ends on page 2.
  const lines = (n: number, text: string) => Array.from({ length: n }, () => text).join('\n');
  const pdf = pdfDocument([
    lines(45, 'Harbour log: the supply boat came on Monday.'),
    `${lines(30, 'Lamp room: the wicks were trimmed at dusk.')}\nSea otters hold hands while they sleep.\n${lines(30, 'Lamp room: the wicks were trimmed at dusk.')}`,
    lines(45, 'Stores: lamp oil was ordered for the winter.'),
  ]);
  await page.getByTestId('attach-button').click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('attach-as-file_search').click();
  const upload = page.waitForResponse(
    (r) => r.url().endsWith('/api/files') && r.request().method() === 'POST',
  );
  await (await chooser).setFiles({ name: 'harbour-log.pdf', mimeType: 'application/pdf', buffer: pdf });
  expect((await upload).status()).toBe(201);
  // The message waits for its files: Enter does nothing until the chip has finished.
  await expect(page.getByTestId('attachment')).toHaveAttribute('data-progress', '1');
  await send(page, 'otters sleep');
  await waitIdle(page);

  const marker = lastAnswer(page).getByTestId('citation-marker').last();
  await marker.click();
  const popup = page.getByTestId('citation-popup');
  await expect(popup.getByTestId('citation-filename')).toHaveText('harbour-log.pdf');
  await expect(popup.getByTestId('citation-pages')).toHaveText(/· page 2$/);
  await expect(popup.getByTestId('citation-snippet')).toContainText('Sea otters hold hands');
  await page.screenshot({ path: `${SHOTS}/file-citation-page-1440.png` });
  await page.keyboard.press('Escape');

  // On a phone the sidebar opens over the chat; a fresh load starts with it closed.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await marker.click();
  await expect(popup.getByTestId('citation-pages')).toBeVisible();
  const box = (await popup.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/file-citation-page-390.png` });
  await context.close();
});
