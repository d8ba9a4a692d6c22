// Image generation end to end: the `image_gen_oai` and `image_edit_oai` tools against the
// simulator's OpenAI image API, turned on by a chat's ephemeral agent and driven by the
// `tools-named` model. The pictures are stored as the caller's files and become image parts of the
// answer; bad arguments, provider refusals, non-pictures, huge pictures and other users' files all
// end the call with an error output and a saved answer.
import { imageSeed, seededPng } from '@parley/llm-sim';
import { IMAGE_EDIT_TOOL, IMAGE_GEN_TOOL, type ToolEntry } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import type { ChatFixture } from '../chat/chat-fixture.ts';
import { jsonOf, uploadFile } from '../files/file-fixtures.ts';
import type { TestUser } from '../helpers/test-users.ts';
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

/** The OpenAI image tools, at the simulator. */
const useImageServer = (env: Record<string, string>, onStarted: (chat: ChatFixture) => void) =>
  useImageChatServer({ IMAGE_GEN_OAI_BASEURL: 'SIM_URL/v1', ...env }, onStarted);

/** Asks the tools-named model to call `tool` with `args`, with the image tools turned on. */
const ask = (chat: ChatFixture, tool: string, args: unknown, user?: TestUser) =>
  askForTool(chat, tool, args, [IMAGE_GEN_TOOL, IMAGE_EDIT_TOOL], user);

async function download(chat: ChatFixture, user: TestUser, path: string): Promise<Response> {
  return chat.server.api(path, { token: user.token });
}

describe('image generation with the operator key (gpt-image-1)', () => {
  let chat: ChatFixture;
  useImageServer({ IMAGE_GEN_OAI_API_KEY: 'sk-operator' }, (started) => (chat = started));

  it('lists both tools, needing no key from the user', async () => {
    const tools = (await jsonOf(
      await chat.server.api('/api/agents/tools', { token: chat.alice.token }),
    )) as ToolEntry[];
    for (const key of [IMAGE_GEN_TOOL, IMAGE_EDIT_TOOL])
      expect(tools.find((t) => t.pluginKey === key)).toMatchObject({ authConfig: [], authenticated: true });
  });

  it('stores the pictures as the caller’s files and shows them as image parts after the call', async () => {
    const events = await ask(chat, IMAGE_GEN_TOOL, {
      prompt: 'a red fox in snow',
      size: '1536x1024',
      quality: 'low',
      n: 2,
    });
    expect(callOf(events)).toMatchObject({ name: IMAGE_GEN_TOOL, progress: 1 });
    expect(callOf(events).output).toMatch(/^Generated 2 pictures/);
    const images = imagesOf(events);
    expect(images).toHaveLength(2);
    expect(images[0]).toMatchObject({ type: 'image/png', width: 1536, height: 1024 });
    // The live stream announced each picture as a part of its own.
    const announced = events.filter((e) => e.data?.event === 'on_content_part');
    expect(announced.map((e) => e.data.data.part.image_file.file_id)).toEqual(images.map((i) => i.file_id));
    const res = await download(chat, chat.alice, images[0]!.filepath);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(
      bytes.equals(seededPng(imageSeed('a red fox in snow', [], 0), 1536, 1024, 'a red fox in snow')),
    ).toBe(true);
    // Another user cannot fetch them.
    expect((await download(chat, chat.bob, images[0]!.filepath)).status).toBe(404);
    // The saved answer holds the same parts (a reload shows the pictures).
    expect(await savedImageParts(chat, events)).toHaveLength(2);
  });

  it('edits a picture the user uploaded, and refuses another user’s file id', async () => {
    const upload = (await jsonOf(
      await uploadFile(chat.server, chat.alice, seededPng('cat', 64, 64), 'cat.png', {
        path: '/api/files/images',
        type: 'image/png',
        fields: { width: '64', height: '64' },
      }),
    )) as { file_id: string };
    const events = await ask(chat, IMAGE_EDIT_TOOL, { prompt: 'add a hat', image_ids: [upload.file_id] });
    expect(callOf(events).output).toMatch(/^Edited 1 picture/);
    const [edited] = imagesOf(events);
    expect(edited).toMatchObject({ width: 1024, height: 1024 });
    const theft = await ask(
      chat,
      IMAGE_EDIT_TOOL,
      { prompt: 'add a hat', image_ids: [upload.file_id] },
      chat.bob,
    );
    expect(callOf(theft).output).toBe(
      `Error processing tool ${IMAGE_EDIT_TOOL}: ${upload.file_id} is not one of your files`,
    );
    expect(imagesOf(theft)).toEqual([]);
  });

  it('refuses arguments outside the model’s rules before calling the provider', async () => {
    await expectSchemaRefusals((args) => ask(chat, IMAGE_GEN_TOOL, args), IMAGE_GEN_TOOL, [
      [{ prompt: 'x', size: '1792x1024' }, /size/],
      [{ prompt: 'x', quality: 'hd' }, /quality/],
      [{ prompt: 'x', n: 5 }, /too many pictures/],
      [{ prompt: 'x'.repeat(32_001) }, /at most 32000 characters/],
      [{ prompt: '' }, /prompt is required/],
      [{ prompt: 'x', extra: true }, /extra/],
      [{ prompt: 42 }, /prompt/],
    ]);
    const tooMany = callOf(
      await ask(chat, IMAGE_EDIT_TOOL, {
        prompt: 'x',
        image_ids: Array.from({ length: 17 }, (_, i) => `f${i}`),
      }),
    ).output;
    expect(tooMany).toContain('at most 16 pictures');
  });

  it('ends the call with the provider’s words when it refuses, fails, or answers no usable picture', async () => {
    await expectProviderFailures((args) => ask(chat, IMAGE_GEN_TOOL, args), IMAGE_GEN_TOOL, [
      [
        'a sim-policy picture',
        'the image provider answered HTTP 400: Your request was rejected as a result of our safety system',
      ],
      ...SHARED_PROVIDER_FAILURES,
      ['a sim-big-image picture', 'the image provider answered more than 20 MB per picture'],
    ]);
  });
});

describe('image generation with keys each user provides (DALL·E 3)', () => {
  let chat: ChatFixture;
  useImageServer(
    { IMAGE_GEN_OAI_API_KEY: 'user_provided', IMAGE_GEN_OAI_MODEL: 'dall-e-3' },
    (started) => (chat = started),
  );

  it('offers only generation (DALL·E 3 cannot edit), asking for a key', async () => {
    const tools = (await jsonOf(
      await chat.server.api('/api/agents/tools', { token: chat.alice.token }),
    )) as ToolEntry[];
    expect(tools.find((t) => t.pluginKey === IMAGE_EDIT_TOOL)).toBeUndefined();
    expect(tools.find((t) => t.pluginKey === IMAGE_GEN_TOOL)).toMatchObject({ authenticated: false });
  });

  it('uses the user’s stored key, with DALL·E 3’s sizes', async () => {
    const saved = await chat.server.api('/api/user/plugins', {
      method: 'POST',
      token: chat.alice.token,
      json: { pluginKey: IMAGE_GEN_TOOL, action: 'install', auth: { IMAGE_GEN_OAI_API_KEY: 'sk-alice' } },
    });
    expect(saved.status).toBe(200);
    const events = await ask(chat, IMAGE_GEN_TOOL, {
      prompt: 'a lighthouse',
      size: '1024x1792',
      quality: 'hd',
    });
    expect(imagesOf(events)[0]).toMatchObject({ width: 1024, height: 1792 });
    const twoAtOnce = callOf(await ask(chat, IMAGE_GEN_TOOL, { prompt: 'x', n: 2 })).output;
    expect(twoAtOnce).toContain('too many pictures');
    const gptSize = callOf(await ask(chat, IMAGE_GEN_TOOL, { prompt: 'x', size: '1536x1024' })).output;
    expect(gptSize).toContain('size');
  });
});
