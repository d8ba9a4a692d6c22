import { z } from 'zod';
import type { ImageModelRules } from './image-model-rules.ts';
import {
  ImageGenError,
  pictureFromBase64,
  postToImageApi,
  readPictureAnswer,
  type MadePicture,
} from './provider-pictures.ts';

/** Where the image API is and which model it runs; the key comes per call (operator or user). */
export interface ImageApi {
  baseUrl: string;
  model: string;
  rules: ImageModelRules;
}

export interface ImageRequest {
  prompt: string;
  count: number;
  size?: string;
  quality?: string;
  background?: string;
}

const answerSchema = z.object({
  data: z.array(z.object({ b64_json: z.string().min(1) })).min(1),
});

/** POST {base}/images/generations: the pictures for a prompt. */
export async function generateImages(
  api: ImageApi,
  apiKey: string,
  request: ImageRequest,
  signal: AbortSignal,
): Promise<MadePicture[]> {
  const body = {
    model: api.model,
    prompt: request.prompt,
    n: request.count,
    ...(request.size ? { size: request.size } : {}),
    ...(request.quality ? { quality: request.quality } : {}),
    ...(request.background ? { background: request.background } : {}),
    ...(api.rules.asksForBase64 ? { response_format: 'b64_json' } : {}),
  };
  const response = await call(api, apiKey, '/images/generations', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  return readPictures(response, request.count);
}

/** POST {base}/images/edits (multipart): new pictures from `inputs` and the prompt. */
export async function editImages(
  api: ImageApi,
  apiKey: string,
  request: ImageRequest,
  inputs: { bytes: Buffer; filename: string; type: string }[],
  signal: AbortSignal,
): Promise<MadePicture[]> {
  const form = new FormData();
  form.set('model', api.model);
  form.set('prompt', request.prompt);
  form.set('n', String(request.count));
  if (request.size) form.set('size', request.size);
  if (request.quality) form.set('quality', request.quality);
  if (request.background) form.set('background', request.background);
  if (api.rules.asksForBase64) form.set('response_format', 'b64_json');
  // gpt-image takes several pictures as `image[]`; DALL·E 2 takes one `image`.
  const field = api.rules.maxEditImages > 1 ? 'image[]' : 'image';
  for (const input of inputs)
    form.append(field, new Blob([new Uint8Array(input.bytes)], { type: input.type }), input.filename);
  const response = await call(api, apiKey, '/images/edits', { body: form, signal });
  return readPictures(response, request.count);
}

function call(
  api: ImageApi,
  apiKey: string,
  path: string,
  init: { headers?: Record<string, string>; body: string | FormData; signal: AbortSignal },
): Promise<Response> {
  return postToImageApi(`${api.baseUrl.replace(/\/+$/, '')}${path}`, {
    headers: { ...init.headers, authorization: `Bearer ${apiKey}` },
    body: init.body,
    signal: init.signal,
  });
}

/** The answer's pictures (at most `count`), each decoded and proven to be a picture. */
async function readPictures(response: Response, count: number): Promise<MadePicture[]> {
  const parsed = answerSchema.safeParse(await readPictureAnswer(response, count));
  if (!parsed.success) throw new ImageGenError('the image provider answered without any picture');
  const pictures: MadePicture[] = [];
  for (const [i, item] of parsed.data.data.slice(0, count).entries())
    pictures.push(await pictureFromBase64(item.b64_json, i));
  return pictures;
}
