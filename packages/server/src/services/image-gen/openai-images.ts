import { z } from 'zod';
import { checkImage, ImageRejected } from '../files/image-check.ts';
import { readBounded } from '../web-search/upstream-call.ts';
import type { ImageModelRules } from './image-model-rules.ts';

/** A call to the image API that failed; its message is what the model and the user read. */
export class ImageGenError extends Error {}

/** The largest picture accepted from the provider (gpt-image's largest PNGs are a few MB). */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** The most bytes of an error answer read (its message is all that is used). */
const MAX_ERROR_BYTES = 64 * 1024;

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

/** A picture the provider made, checked to decode, with its size and type. */
export interface MadePicture {
  bytes: Buffer;
  width: number;
  height: number;
  type: 'image/png' | 'image/jpeg' | 'image/webp';
}

const answerSchema = z.object({
  data: z.array(z.object({ b64_json: z.string().min(1) })).min(1),
});

const TYPES: Record<string, MadePicture['type']> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

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

async function call(
  api: ImageApi,
  apiKey: string,
  path: string,
  init: { headers?: Record<string, string>; body: string | FormData; signal: AbortSignal },
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${api.baseUrl.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: { ...init.headers, authorization: `Bearer ${apiKey}` },
      body: init.body,
      signal: init.signal,
    });
  } catch (error) {
    if (init.signal.aborted) throw error;
    throw new ImageGenError(`the image provider could not be reached (${(error as Error).message})`);
  }
  if (!response.ok) throw new ImageGenError(await refusalText(response));
  return response;
}

/** A refusal as the user should read it: the provider's own message when it gave one. */
async function refusalText(response: Response): Promise<string> {
  const { bytes } = await readBounded(response, MAX_ERROR_BYTES);
  let message: unknown;
  try {
    message = (JSON.parse(new TextDecoder().decode(bytes)) as { error?: { message?: unknown } }).error
      ?.message;
  } catch {
    message = undefined;
  }
  const said = typeof message === 'string' && message.trim() ? `: ${message.trim().slice(0, 500)}` : '';
  return `the image provider answered HTTP ${response.status}${said}`;
}

/**
 * The answer's pictures, each decoded and proven to be a PNG, JPEG or WebP picture of at most
 * MAX_IMAGE_BYTES. The answer is read only up to what `count` such pictures take in base64.
 */
async function readPictures(response: Response, count: number): Promise<MadePicture[]> {
  const limit = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) * count + 64 * 1024;
  const { bytes, complete } = await readBounded(response, limit);
  if (!complete)
    throw new ImageGenError(
      `the image provider answered more than ${MAX_IMAGE_BYTES / 1024 / 1024} MB per picture`,
    );
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new ImageGenError('the image provider answered something that is not JSON');
  }
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success) throw new ImageGenError('the image provider answered without any picture');
  const pictures: MadePicture[] = [];
  for (const [i, item] of parsed.data.data.slice(0, count).entries()) {
    const picture = Buffer.from(item.b64_json, 'base64');
    if (picture.length > MAX_IMAGE_BYTES)
      throw new ImageGenError(
        `picture ${i + 1} from the image provider is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`,
      );
    pictures.push(await checkedPicture(picture, i));
  }
  return pictures;
}

async function checkedPicture(bytes: Buffer, index: number): Promise<MadePicture> {
  try {
    const { width, height, format } = await checkImage(bytes);
    const type = TYPES[format];
    if (type) return { bytes, width, height, type };
  } catch (error) {
    if (!(error instanceof ImageRejected)) throw error;
  }
  throw new ImageGenError(`picture ${index + 1} from the image provider is not a PNG, JPEG or WebP picture`);
}
