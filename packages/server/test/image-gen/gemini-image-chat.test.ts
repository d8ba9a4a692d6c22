// Gemini image output end to end: the `gemini_image_gen` tool against the simulator's Gemini
// image model, turned on by a chat's ephemeral agent and driven by the `tools-named` model. The
// picture is stored as the caller's file and becomes an image part of the answer; bad arguments, a
// blocked prompt, an answer without a picture, a failing or garbled provider all end the call with
// an error output and a saved answer.
import { GEMINI_ASPECT_SIZES, imageSeed, seededPng } from '@parley/llm-sim';
import { GEMINI_IMAGE_TOOL, type ToolEntry } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import type { ChatFixture } from '../chat/chat-fixture.ts';
import { jsonOf } from '../files/file-fixtures.ts';
import {
  askForTool,
  callOf,
  expectProviderFailures,
  expectSchemaRefusals,
  imagesOf,
  savedImageParts,
  SHARED_PROVIDER_FAILURES,
  useImageChatServer,
} from './image-chat-fixture.ts';

/** The Gemini image tool, at the simulator. */
const useGeminiImageServer = (env: Record<string, string>, onStarted: (chat: ChatFixture) => void) =>
  useImageChatServer({ GOOGLE_REVERSE_PROXY: 'SIM_URL', ...env }, onStarted);

const ask = (chat: ChatFixture, args: unknown) =>
  askForTool(chat, GEMINI_IMAGE_TOOL, args, [GEMINI_IMAGE_TOOL]);

describe('Gemini image generation with the operator key', () => {
  let chat: ChatFixture;
  useGeminiImageServer({ GEMINI_API_KEY: 'gm-operator' }, (started) => (chat = started));

  it('is listed among the tools, needing no key from the user', async () => {
    const tools = (await jsonOf(
      await chat.server.api('/api/agents/tools', { token: chat.alice.token }),
    )) as ToolEntry[];
    expect(tools.find((t) => t.pluginKey === GEMINI_IMAGE_TOOL)).toMatchObject({
      authConfig: [],
      authenticated: true,
    });
  });

  it('stores the picture as the caller’s file and shows it as an image part', async () => {
    const prompt = 'a heron at dawn';
    const events = await ask(chat, { prompt, aspect_ratio: '16:9' });
    expect(callOf(events)).toMatchObject({ name: GEMINI_IMAGE_TOOL, progress: 1 });
    expect(callOf(events).output).toMatch(/^Generated 1 picture/);
    expect(callOf(events).output).toContain(`Gemini said with it: Here is the picture: ${prompt}`);
    const [image] = imagesOf(events);
    const [width, height] = GEMINI_ASPECT_SIZES['16:9']!;
    expect(image).toMatchObject({ type: 'image/png', width, height });
    const res = await chat.server.api(image!.filepath, { token: chat.alice.token });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.equals(seededPng(imageSeed(prompt, [], 0), width, height, prompt))).toBe(true);
    expect((await chat.server.api(image!.filepath, { token: chat.bob.token })).status).toBe(404);
    // The saved answer holds the same part (a reload shows the picture).
    expect(await savedImageParts(chat, events)).toHaveLength(1);
  });

  it('refuses arguments outside the tool’s schema before calling the provider', async () => {
    await expectSchemaRefusals((args) => ask(chat, args), GEMINI_IMAGE_TOOL, [
      [{ prompt: 'x', aspect_ratio: '7:3' }, /aspect_ratio/],
      [{ prompt: 'x'.repeat(8_001) }, /at most 8000 characters/],
      [{ prompt: '  ' }, /prompt is required/],
      [{ prompt: 'x', n: 2 }, /n/],
      [{ prompt: ['x'] }, /prompt/],
    ]);
  });

  it('ends the call with the provider’s reason when it blocks, fails, or answers no usable picture', async () => {
    await expectProviderFailures((args) => ask(chat, args), GEMINI_IMAGE_TOOL, [
      ['a sim-policy picture', 'the image provider refused the prompt (PROHIBITED_CONTENT)'],
      ['a sim-image-safety picture', 'the image provider refused the prompt (IMAGE_SAFETY)'],
      ['a sim-text-only picture', 'the image provider answered without any picture: Here is the picture'],
      ...SHARED_PROVIDER_FAILURES,
    ]);
  });
});

describe('Gemini image generation with keys each user provides', () => {
  let chat: ChatFixture;
  useGeminiImageServer(
    { GEMINI_API_KEY: 'user_provided', GEMINI_IMAGE_MODEL: 'gemini-2.0-flash-preview-image-generation' },
    (started) => (chat = started),
  );

  it('asks each user for a key and calls Gemini with the one stored', async () => {
    const listed = async () =>
      (
        (await jsonOf(await chat.server.api('/api/agents/tools', { token: chat.alice.token }))) as ToolEntry[]
      ).find((t) => t.pluginKey === GEMINI_IMAGE_TOOL);
    expect(await listed()).toMatchObject({ authenticated: false });
    expect((await listed())!.authConfig.map((f) => f.authField)).toEqual(['GEMINI_API_KEY']);
    const saved = await chat.server.api('/api/user/plugins', {
      method: 'POST',
      token: chat.alice.token,
      json: { pluginKey: GEMINI_IMAGE_TOOL, action: 'install', auth: { GEMINI_API_KEY: 'gm-alice' } },
    });
    expect(saved.status).toBe(200);
    expect(await listed()).toMatchObject({ authenticated: true });
    const events = await ask(chat, { prompt: 'a tall tower', aspect_ratio: '9:16' });
    expect(imagesOf(events)[0]).toMatchObject({ width: 768, height: 1344 });
  });
});
