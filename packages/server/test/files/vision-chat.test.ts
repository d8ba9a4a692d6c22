import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalOf, startProviderFixture, type ProviderFixture } from '../providers/provider-fixture.ts';
import { providerEnv } from '../providers/provider-env.ts';
import { createTestUser } from '../helpers/test-users.ts';
import { jsonOf, pngImage, uploadFile } from './file-fixtures.ts';

/** A vision model on every provider kind, all pointed at the simulator's `vision` behaviour. */
const env = (url: string) => ({
  ...providerEnv(url),
  OPENAI_MODELS: 'gpt-4o/vision',
  ANTHROPIC_MODELS: 'claude-3-5-sonnet/vision',
  GOOGLE_MODELS: 'vision',
  BEDROCK_AWS_MODELS: 'anthropic.claude-3-5-sonnet-vision-v1:0',
});
const yaml = (url: string) => `
version: 1.2.8
endpoints:
  custom:
    - name: Local
      apiKey: sk-local
      baseURL: ${url}/v1
      models: { default: [vision] }
`;

const KINDS = [
  { endpoint: 'openAI', model: 'gpt-4o/vision' },
  { endpoint: 'openAI', model: 'gpt-4o/vision', extra: { useResponsesApi: true } },
  { endpoint: 'anthropic', model: 'claude-3-5-sonnet/vision' },
  { endpoint: 'google', model: 'vision' },
  { endpoint: 'bedrock', model: 'anthropic.claude-3-5-sonnet-vision-v1:0' },
  { endpoint: 'Local', model: 'vision' },
];

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

describe('pictures reach vision models in each provider’s format', () => {
  let f: ProviderFixture;
  let png: Buffer;
  let file: { file_id: string; filepath: string; type: string; width: number; height: number };
  beforeAll(async () => {
    f = await startProviderFixture({ env, yaml });
    png = await pngImage(64, 40);
    file = await jsonOf(await uploadFile(f.server, f.user, png, 'chart.png', { path: '/api/files/images' }));
  });
  afterAll(() => f.stop());

  const attached = () => [
    { file_id: file.file_id, filepath: file.filepath, type: file.type, width: 64, height: 40 },
  ];

  for (const kind of KINDS) {
    it(`${kind.endpoint}${kind.extra ? ' (Responses API)' : ''}: the model sees the exact picture`, async () => {
      const events = await f.chat(kind.endpoint, {
        model: kind.model,
        text: `what is this ${kind.endpoint}`,
        files: attached(),
        ...kind.extra,
      });
      const final = finalOf(events);
      expect(final, JSON.stringify(events.at(-1))).toBeDefined();
      expect(final.responseMessage.text).toBe(`image 1: 64x40 image/png sha256:${sha(png)}`);
      // The request message keeps its files for the client to render.
      expect(final.requestMessage.files).toEqual(attached());
    });
  }

  it('fits a large picture to the provider’s limit (Anthropic: 1568 px) and sends OpenAI’s detail', async () => {
    const big = await pngImage(3200, 800);
    const upload = await jsonOf(
      await uploadFile(f.server, f.user, big, 'wide.png', { path: '/api/files/images' }),
    );
    const events = await f.chat('anthropic', {
      model: 'claude-3-5-sonnet/vision',
      text: 'wide one',
      files: [{ file_id: upload.file_id }],
    });
    expect(finalOf(events).responseMessage.text).toMatch(/^image 1: 1568x392 image\/jpeg sha256:/);

    await f.chat('openAI', {
      model: 'gpt-4o/vision',
      text: 'detail low',
      imageDetail: 'low',
      files: attached(),
    });
    const body = JSON.stringify(f.requestWith('detail low').body);
    expect(body).toContain('"detail":"low"');
    expect(body).toContain('data:image/png;base64,');
  });

  it('resends earlier pictures unless resendFiles is off', async () => {
    const first = finalOf(
      await f.chat('openAI', { model: 'gpt-4o/vision', text: 'turn one', files: attached() }),
    );
    const follow = (text: string, extra: Record<string, unknown>) =>
      f.chat('openAI', {
        model: 'gpt-4o/vision',
        text,
        conversationId: first.conversation.conversationId,
        parentMessageId: first.responseMessage.messageId,
        ...extra,
      });
    await follow('turn two resent', {});
    expect(JSON.stringify(f.requestWith('turn two resent').body)).toContain('image_url');
    const events = await follow('turn two not resent', { resendFiles: false });
    expect(JSON.stringify(f.requestWith('turn two not resent').body)).not.toContain('image_url');
    expect(finalOf(events).responseMessage.text).toBe('I received no image.');
  });

  it('refuses another user’s file id with a 404 and saves nothing', async () => {
    const eve = await createTestUser(f.server);
    const res = await f.server.api('/api/agents/chat/openAI', {
      method: 'POST',
      token: eve.token,
      json: {
        text: 'steal',
        endpoint: 'openAI',
        model: 'gpt-4o/vision',
        parentMessageId: '00000000-0000-0000-0000-000000000000',
        files: [{ file_id: file.file_id }],
      },
    });
    expect(res.status).toBe(404);
    const convos = await jsonOf(await f.server.api('/api/convos', { token: eve.token }));
    expect(convos.conversations).toEqual([]);
  });
});
