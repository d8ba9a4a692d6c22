// `POST /v1beta/models/{model}:generateContent` for Gemini's image models: an answer whose
// `candidates[0].content.parts` hold a line of text and the picture as `inlineData` (base64 PNG).
// The picture is deterministic (`seededPng` of the prompt), sized by
// `generationConfig.imageConfig.aspectRatio` as Gemini 2.5 Flash Image sizes it, so a test can
// recompute the bytes it should receive.
//
// Trouble is asked for by a word in the prompt, as for OpenAI's image API:
// - `sim-policy`: the prompt is blocked (200, no candidates, `promptFeedback.blockReason`);
// - `sim-image-safety`: the picture is withheld (a candidate without parts, `finishReason`
//   `IMAGE_SAFETY`);
// - `sim-text-only`: the model answers words but no picture;
// - `sim-not-image`: `inlineData` that is text, not a picture;
// - `sim-500`, `sim-garbage`, `sim-wrong-shape`, `sim-timeout`: as for the web vendors.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJsonBody, sendJson } from '../http.ts';
import { asArray, isRecord } from '../json-values.ts';
import { imageSeed } from '../openai/images.ts';
import { pacingFromHeaders } from '../pacing.ts';
import { seededPng } from '../png.ts';
import { badRequest } from '../sim-errors.ts';
import { sendTrouble, troubleIn } from '../web/provider-trouble.ts';
import { sendGoogleError } from './errors.ts';

/** The Gemini models that answer pictures. */
export const GEMINI_IMAGE_MODELS: readonly string[] = [
  'gemini-2.5-flash-image',
  'gemini-2.5-flash-image-preview',
  'gemini-2.0-flash-preview-image-generation',
];

/** Gemini 2.5 Flash Image's picture size for each aspect ratio it accepts. */
export const GEMINI_ASPECT_SIZES: Record<string, [number, number]> = {
  '1:1': [1024, 1024],
  '2:3': [832, 1248],
  '3:2': [1248, 832],
  '3:4': [864, 1184],
  '4:3': [1184, 864],
  '4:5': [896, 1152],
  '5:4': [1152, 896],
  '9:16': [768, 1344],
  '16:9': [1344, 768],
  '21:9': [1536, 672],
};

/** How long `sim-slow` in a prompt delays the answer. */
const SLOW_IMAGE_MS = 3_000;

export function isGeminiImageModel(model: string): boolean {
  return GEMINI_IMAGE_MODELS.includes(model);
}

export async function handleGeminiImageOutput(
  req: IncomingMessage,
  res: ServerResponse,
  model: string,
): Promise<void> {
  const body = await readJsonBody(req);
  if (!body.ok) return sendGoogleError(res, body.error);
  const parsed = imageRequest(body.value);
  if ('error' in parsed) return sendGoogleError(res, badRequest(parsed.error));
  const { prompt, aspectRatio } = parsed;
  const delayMs =
    pacingFromHeaders(req.headers).firstTokenDelayMs ?? (prompt.includes('sim-slow') ? SLOW_IMAGE_MS : 0);
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  if (sendTrouble(res, troubleIn(prompt))) return;
  const usageMetadata = { promptTokenCount: Math.ceil(prompt.length / 4), candidatesTokenCount: 1290 };
  if (prompt.includes('sim-policy'))
    return sendJson(res, 200, {
      promptFeedback: { blockReason: 'PROHIBITED_CONTENT' },
      usageMetadata,
      modelVersion: model,
    });
  if (prompt.includes('sim-image-safety'))
    return sendJson(res, 200, {
      candidates: [{ content: { role: 'model' }, finishReason: 'IMAGE_SAFETY', index: 0 }],
      usageMetadata,
      modelVersion: model,
    });
  const parts: unknown[] = [{ text: `Here is the picture: ${prompt.slice(0, 200)}` }];
  if (!prompt.includes('sim-text-only'))
    parts.push({ inlineData: { mimeType: 'image/png', data: pictureData(prompt, aspectRatio) } });
  sendJson(res, 200, {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata,
    modelVersion: model,
  });
}

/** The prompt (all user text parts) and aspect ratio, or the message Google answers a bad body with. */
function imageRequest(body: unknown): { prompt: string; aspectRatio: string } | { error: string } {
  if (!isRecord(body) || !Array.isArray(body.contents) || body.contents.length === 0)
    return { error: '* GenerateContentRequest.contents: contents is not specified' };
  const config = isRecord(body.generationConfig) ? body.generationConfig : {};
  const modalities = asArray(config.responseModalities);
  if (!modalities.includes('IMAGE'))
    return { error: 'This model only supports generating images: set responseModalities to include IMAGE.' };
  const imageConfig = isRecord(config.imageConfig) ? config.imageConfig : {};
  const aspectRatio = imageConfig.aspectRatio ?? '1:1';
  if (typeof aspectRatio !== 'string' || !GEMINI_ASPECT_SIZES[aspectRatio])
    return {
      error: `* GenerateContentRequest.generation_config.image_config.aspect_ratio: unsupported value '${String(aspectRatio)}'`,
    };
  const prompt = body.contents
    .filter(isRecord)
    .flatMap((content) => asArray(content.parts))
    .filter(isRecord)
    .map((part) => (typeof part.text === 'string' ? part.text : ''))
    .join('\n')
    .trim();
  if (!prompt) return { error: '* GenerateContentRequest.contents: the prompt has no text' };
  return { prompt, aspectRatio };
}

/** The picture for a prompt, base64: the same seed as OpenAI's first picture, at the ratio's size. */
export function pictureData(prompt: string, aspectRatio: string): string {
  if (prompt.includes('sim-not-image'))
    return Buffer.from('this is not a picture, just words').toString('base64');
  const [width, height] = GEMINI_ASPECT_SIZES[aspectRatio]!;
  return seededPng(imageSeed(prompt, [], 0), width, height, prompt.slice(0, 200)).toString('base64');
}
