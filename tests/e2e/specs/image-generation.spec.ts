import { chooseModel, lastAnswer, send, turnOnTool, waitIdle } from '../support/chat.ts';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn, useSimParley } from '../support/sim-parley.ts';

// A server of its own whose image tools call the simulator's OpenAI image API and its Gemini
// image model, with the simulator's `tools-named` model, which calls the tool the message names
// with the JSON after it.
const stack = useSimParley({
  models: ['tools-named', 'echo'],
  env: (simUrl) => ({
    IMAGE_GEN_OAI_API_KEY: 'sk-operator',
    IMAGE_GEN_OAI_BASEURL: `${simUrl}/v1`,
    GEMINI_API_KEY: 'gm-operator',
    GOOGLE_REVERSE_PROXY: simUrl,
  }),
});

test('image generation: the tools menu switch, progress while it works, the picture in the viewer', async ({
  browser,
}, testInfo) => {
  const { context, page } = await openSignedIn(browser, stack.server.url, 'images');

  await chooseModel(page, 'tools-named');
  await turnOnTool(page, 'image_gen_oai');

  const sent = page.waitForRequest((r) => r.url().includes('/api/agents/chat/') && r.method() === 'POST');
  await send(
    page,
    'image_gen_oai {"prompt":"a red fox in snow sim-slow","quality":"low","size":"1536x1024"}',
  );
  expect((await sent).postDataJSON().ephemeralAgent).toMatchObject({
    image_gen_oai: true,
    image_edit_oai: true,
  });

  // While the provider works (3 s), the bar moves at low quality's pace.
  const progress = lastAnswer(page).getByTestId('image-gen-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toContainText('image');
  const bar = progress.getByRole('progressbar');
  const first = Number(await bar.getAttribute('aria-valuenow'));
  await page.waitForTimeout(1_000);
  expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(first);
  await page.screenshot({ path: testInfo.outputPath('image-gen-progress.png') });

  await waitIdle(page);
  const answer = lastAnswer(page);
  await expect(answer.getByTestId('image-gen-done')).toHaveText('Image created');
  const picture = answer.getByTestId('message-image');
  await expect(picture.locator('img')).toBeVisible();
  expect(await picture.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1536);
  await page.screenshot({ path: testInfo.outputPath('image-gen-done.png') });

  await picture.click();
  await expect(page.getByTestId('image-viewer')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('image-gen-viewer.png') });
  await page.keyboard.press('Escape');

  // A refused prompt shows the provider's words as the tool's error.
  await send(page, 'image_gen_oai {"prompt":"sim-policy"}');
  await waitIdle(page);
  await expect(lastAnswer(page)).toContainText('Error processing image_gen_oai');

  // After a reload the saved answer shows the picture again.
  await page.reload();
  await expect(page.getByTestId('message-image').first().locator('img')).toBeVisible();
  await context.close();
});

test('Gemini image generation: its own switch, progress, the picture at the asked aspect ratio', async ({
  browser,
}, testInfo) => {
  const { context, page } = await openSignedIn(browser, stack.server.url, 'gemini-images');

  await chooseModel(page, 'tools-named');
  await turnOnTool(page, 'gemini_image_gen');

  const sent = page.waitForRequest((r) => r.url().includes('/api/agents/chat/') && r.method() === 'POST');
  await send(page, 'gemini_image_gen {"prompt":"a heron at dawn sim-slow","aspect_ratio":"16:9"}');
  expect((await sent).postDataJSON().ephemeralAgent).toMatchObject({ gemini_image_gen: true });

  await expect(lastAnswer(page).getByTestId('image-gen-progress')).toBeVisible();
  await waitIdle(page);
  const answer = lastAnswer(page);
  await expect(answer.getByTestId('image-gen-done')).toHaveText('Image created');
  const picture = answer.getByTestId('message-image');
  await expect(picture.locator('img')).toBeVisible();
  expect(await picture.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1344);
  await page.screenshot({ path: testInfo.outputPath('gemini-image-done.png') });

  // A blocked prompt ends the call with Gemini's reason as the tool's error.
  await send(page, 'gemini_image_gen {"prompt":"sim-policy"}');
  await waitIdle(page);
  await expect(lastAnswer(page)).toContainText('Error processing gemini_image_gen');
  await context.close();
});
