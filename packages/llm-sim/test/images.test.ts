// Image generation and editing through the official `openai` client: deterministic PNGs of the
// asked size, each model family's rules (sizes, qualities, counts, prompt length, edit inputs),
// the safety refusal and the trouble words.
import OpenAI, { APIError, toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSize } from '../src/images.ts';
import { BIG_IMAGE_BYTES, imageSeed, seededPng, startSimulator, type SimServer } from '../src/index.ts';

let sim: SimServer;
let client: OpenAI;

beforeAll(async () => {
  sim = await startSimulator();
  client = new OpenAI({ baseURL: `${sim.url}/v1`, apiKey: 'x', maxRetries: 0 });
});
afterAll(() => sim.close());

const bytesOf = (b64: string | undefined) => Buffer.from(b64 ?? '', 'base64');

async function refusal(work: Promise<unknown>): Promise<APIError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(APIError);
  return error as APIError;
}

describe('POST /v1/images/generations', () => {
  it('answers gpt-image-1 with n PNGs of the asked size, coloured from the prompt', async () => {
    const answer = await client.images.generate({
      model: 'gpt-image-1',
      prompt: 'a red fox',
      size: '1536x1024',
      quality: 'low',
      n: 2,
    });
    expect(answer.data).toHaveLength(2);
    const first = bytesOf(answer.data![0]!.b64_json);
    expect(imageSize(first)).toEqual({ width: 1536, height: 1024 });
    expect(first.equals(seededPng(imageSeed('a red fox', [], 0), 1536, 1024, 'a red fox'))).toBe(true);
    expect(first.equals(bytesOf(answer.data![1]!.b64_json))).toBe(false);
    expect(answer.usage?.input_tokens).toBeGreaterThan(0);
  });

  it('applies each model family its own sizes, qualities, counts and prompt length', async () => {
    expect(
      (await refusal(client.images.generate({ model: 'gpt-image-1', prompt: 'x', size: '1792x1024' })))
        .status,
    ).toBe(400);
    expect(
      (
        await refusal(
          client.images.generate({ model: 'dall-e-3', prompt: 'x', n: 2, response_format: 'b64_json' }),
        )
      ).message,
    ).toContain('n=1');
    expect(
      (
        await refusal(
          client.images.generate({
            model: 'dall-e-3',
            prompt: 'x',
            quality: 'high',
            response_format: 'b64_json',
          }),
        )
      ).message,
    ).toContain("'standard', 'hd'");
    const long = await refusal(
      client.images.generate({ model: 'dall-e-2', prompt: 'x'.repeat(1001), response_format: 'b64_json' }),
    );
    expect(long.message).toContain('maximum length 1000');
    expect((await refusal(client.images.generate({ model: 'dall-e-9', prompt: 'x' }))).status).toBe(404);
    const dalle = await client.images.generate({
      model: 'dall-e-3',
      prompt: 'a lighthouse',
      size: '1024x1792',
      response_format: 'b64_json',
    });
    expect(imageSize(bytesOf(dalle.data![0]!.b64_json))).toEqual({ width: 1024, height: 1792 });
    expect(dalle.data![0]!.revised_prompt).toBe('a lighthouse');
  });

  it('refuses like the safety system, fails, and answers non-pictures or huge ones on request', async () => {
    const policy = await refusal(client.images.generate({ model: 'gpt-image-1', prompt: 'sim-policy' }));
    expect(policy.status).toBe(400);
    expect(policy.message).toContain('safety system');
    expect((await refusal(client.images.generate({ model: 'gpt-image-1', prompt: 'sim-500' }))).status).toBe(
      500,
    );
    const words = await client.images.generate({ model: 'gpt-image-1', prompt: 'sim-not-image' });
    expect(imageSize(bytesOf(words.data![0]!.b64_json))).toBeUndefined();
    const big = await client.images.generate({ model: 'gpt-image-1', prompt: 'sim-big-image' });
    expect(bytesOf(big.data![0]!.b64_json).length).toBe(BIG_IMAGE_BYTES);
  });

  it('waits the asked latency before answering', async () => {
    const started = Date.now();
    const res = await fetch(`${sim.url}/v1/images/generations`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer x',
        'x-sim-first-token-delay-ms': '300',
      },
      body: JSON.stringify({ model: 'gpt-image-1', prompt: 'slow', size: '1024x1024' }),
    });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });
});

describe('POST /v1/images/edits', () => {
  it('edits up to 16 pictures with gpt-image-1; the result depends on the inputs', async () => {
    const input = seededPng('input', 32, 32);
    const edit = async (bytes: Buffer) =>
      client.images.edit({
        model: 'gpt-image-1',
        prompt: 'add a hat',
        image: [await toFile(bytes, 'in.png', { type: 'image/png' })],
        size: '1024x1024',
      });
    const a = bytesOf((await edit(input)).data![0]!.b64_json);
    const b = bytesOf((await edit(seededPng('other', 32, 32))).data![0]!.b64_json);
    expect(imageSize(a)).toEqual({ width: 1024, height: 1024 });
    expect(a.equals(b)).toBe(false);
  });

  it('refuses what is not a picture, too many pictures and models that cannot edit', async () => {
    const notImage = await refusal(
      client.images.edit({
        model: 'gpt-image-1',
        prompt: 'x',
        image: await toFile(Buffer.from('words'), 'a.png'),
      }),
    );
    expect(notImage.message).toContain('Invalid image file');
    const many = await Promise.all(
      Array.from({ length: 17 }, (_, i) =>
        toFile(seededPng(`p${i}`, 8, 8), `p${i}.png`, { type: 'image/png' }),
      ),
    );
    expect(
      (await refusal(client.images.edit({ model: 'gpt-image-1', prompt: 'x', image: many }))).message,
    ).toContain('at most 16');
    expect(
      (await refusal(client.images.edit({ model: 'dall-e-3', prompt: 'x', image: many[0]! }))).message,
    ).toContain('does not support image edits');
  });
});
