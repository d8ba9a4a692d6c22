// Gemini image output through the official `@google/genai` client: a deterministic PNG of the
// aspect ratio's size with a line of text, the blocked-prompt and text-only answers, and bad input.
import { ApiError, GoogleGenAI } from '@google/genai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSize } from '../src/images.ts';
import { imageSeed, seededPng, startSimulator, type SimServer } from '../src/index.ts';

const MODEL = 'gemini-2.5-flash-image';
let sim: SimServer;
let genai: GoogleGenAI;

beforeAll(async () => {
  sim = await startSimulator();
  genai = new GoogleGenAI({ apiKey: 'x', httpOptions: { baseUrl: sim.url, retryOptions: { attempts: 1 } } });
});
afterAll(() => sim.close());

const generate = (
  prompt: string,
  config: Record<string, unknown> = { responseModalities: ['TEXT', 'IMAGE'] },
) => genai.models.generateContent({ model: MODEL, contents: prompt, config });

describe('Gemini image output', () => {
  it('answers text and a PNG of the aspect ratio’s size, coloured from the prompt', async () => {
    const answer = await generate('a red fox', {
      responseModalities: ['TEXT', 'IMAGE'],
      imageConfig: { aspectRatio: '16:9' },
    });
    const parts = answer.candidates![0]!.content!.parts!;
    expect(parts.find((p) => p.text)?.text).toContain('a red fox');
    const inline = parts.find((p) => p.inlineData)!.inlineData!;
    expect(inline.mimeType).toBe('image/png');
    const bytes = Buffer.from(inline.data!, 'base64');
    expect(imageSize(bytes)).toEqual({ width: 1344, height: 768 });
    expect(bytes.equals(seededPng(imageSeed('a red fox', [], 0), 1344, 768, 'a red fox'))).toBe(true);
    const square = await generate('a red fox');
    const squareBytes = Buffer.from(
      square.candidates![0]!.content!.parts!.find((p) => p.inlineData)!.inlineData!.data!,
      'base64',
    );
    expect(imageSize(squareBytes)).toEqual({ width: 1024, height: 1024 });
  });

  it('blocks a sim-policy prompt, withholds a sim-image-safety picture, answers only words for sim-text-only', async () => {
    const blocked = await generate('a sim-policy picture');
    expect(blocked.candidates).toBeUndefined();
    expect(blocked.promptFeedback?.blockReason).toBe('PROHIBITED_CONTENT');
    const withheld = await generate('a sim-image-safety picture');
    expect(withheld.candidates![0]!.finishReason).toBe('IMAGE_SAFETY');
    expect(withheld.candidates![0]!.content?.parts).toBeUndefined();
    const wordsOnly = await generate('a sim-text-only picture');
    expect(wordsOnly.candidates![0]!.content!.parts!.some((p) => p.inlineData)).toBe(false);
  });

  it('refuses a request without IMAGE output or with an unknown aspect ratio', async () => {
    for (const config of [
      { responseModalities: ['TEXT'] },
      { responseModalities: ['IMAGE'], imageConfig: { aspectRatio: '7:3' } },
    ]) {
      const error = await generate('x', config).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(400);
    }
  });

  it('fails as asked by a trouble word', async () => {
    const response = await fetch(`${sim.url}/v1beta/models/${MODEL}:generateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        contents: [{ parts: [{ text: 'sim-500' }] }],
        generationConfig: { responseModalities: ['IMAGE'] },
      }),
    });
    expect(response.status).toBe(500);
  });
});
