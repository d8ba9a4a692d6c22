import { checkImage, ImageRejected } from '../files/image-check.ts';
import { readBounded } from '../web-search/upstream-call.ts';

/**
 * What every image provider's client shares (OpenAI's image API, Gemini's image output): the
 * POST, its failures in words a user can read, and the pictures it answers, each proven to be a
 * picture before anything is stored.
 */

/** A call to the image API that failed; its message is what the model and the user read. */
export class ImageGenError extends Error {}

/** The largest picture accepted from the provider (gpt-image's largest PNGs are a few MB). */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/**
 * The most pictures one call makes, below OpenAI's own 10: each may be 20 MB and all are held in
 * memory while they are checked and stored.
 */
export const MAX_PICTURES_PER_CALL = 4;
/** Making a high-quality picture can take a minute or two. */
export const IMAGE_TOOL_TIMEOUT_MS = 180_000;
/** The most bytes of an error answer read (its message is all that is used). */
const MAX_ERROR_BYTES = 64 * 1024;

/** A picture the provider made, checked to decode, with its size and type. */
export interface MadePicture {
  bytes: Buffer;
  width: number;
  height: number;
  type: 'image/png' | 'image/jpeg' | 'image/webp';
}

const TYPES: Record<string, MadePicture['type']> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** POSTs to the provider; an unreachable provider or a non-2xx answer becomes an ImageGenError. */
export async function postToImageApi(
  url: string,
  init: { headers: Record<string, string>; body: string | FormData; signal: AbortSignal },
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', ...init });
  } catch (error) {
    if (init.signal.aborted) throw error;
    throw new ImageGenError(`the image provider could not be reached (${(error as Error).message})`);
  }
  if (!response.ok) throw new ImageGenError(await refusalText(response));
  return response;
}

/**
 * A refusal as the user should read it: the provider's own message when it gave one (OpenAI and
 * Google both answer `{ error: { message } }`).
 */
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
 * The answer's JSON, read only up to what `count` base64 pictures of MAX_IMAGE_BYTES take (plus
 * room for the rest of the answer).
 */
export async function readPictureAnswer(response: Response, count: number): Promise<unknown> {
  const limit = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) * count + 64 * 1024;
  const { bytes, complete } = await readBounded(response, limit);
  if (!complete)
    throw new ImageGenError(
      `the image provider answered more than ${MAX_IMAGE_BYTES / 1024 / 1024} MB per picture`,
    );
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new ImageGenError('the image provider answered something that is not JSON');
  }
}

/** The `index`-th picture of an answer from its base64, proven to be a PNG, JPEG or WebP picture. */
export async function pictureFromBase64(base64: string, index: number): Promise<MadePicture> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_IMAGE_BYTES)
    throw new ImageGenError(
      `picture ${index + 1} from the image provider is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`,
    );
  try {
    const { width, height, format } = await checkImage(bytes);
    const type = TYPES[format];
    if (type) return { bytes, width, height, type };
  } catch (error) {
    if (!(error instanceof ImageRejected)) throw error;
  }
  throw new ImageGenError(`picture ${index + 1} from the image provider is not a PNG, JPEG or WebP picture`);
}
