import { startSimulator, type SimServer } from '@parley/llm-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateGeminiPictures, type GeminiImageApi } from './gemini-images.ts';
import { ImageGenError } from './provider-pictures.ts';

let sim: SimServer;
let api: GeminiImageApi;

beforeAll(async () => {
  sim = await startSimulator();
  // A base that already ends in /v1beta (as GOOGLE_REVERSE_PROXY may) is not doubled.
  api = { baseUrl: `${sim.url}/v1beta/`, model: 'gemini-2.5-flash-image' };
});
afterAll(() => sim.close());

const make = (prompt: string, signal = AbortSignal.timeout(10_000)) =>
  generateGeminiPictures(api, 'gm-key', { prompt, aspectRatio: '3:2' }, signal);

describe('Gemini image client', () => {
  it('returns the checked picture and the words that came with it', async () => {
    const made = await make('a boat');
    expect(made.pictures).toHaveLength(1);
    expect(made.pictures[0]).toMatchObject({ type: 'image/png', width: 1248, height: 832 });
    expect(made.text).toBe('Here is the picture: a boat');
  });

  it('turns a withheld picture and a rejected key into errors the user can read', async () => {
    await expect(make('a sim-image-safety boat')).rejects.toThrow(
      new ImageGenError('the image provider refused the prompt (IMAGE_SAFETY)'),
    );
    await expect(
      generateGeminiPictures(api, 'sk-invalid', { prompt: 'a boat' }, AbortSignal.timeout(10_000)),
    ).rejects.toThrow(/^the image provider answered HTTP 401/);
  });

  it('gives up when the provider never answers and the call’s time runs out', async () => {
    const started = Date.now();
    await expect(make('a sim-timeout boat', AbortSignal.timeout(300))).rejects.toThrow(/abort|timeout/i);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
