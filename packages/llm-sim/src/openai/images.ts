// POST /v1/images/generations (JSON) and /v1/images/edits (multipart), OpenAI's image API. Each
// picture is a deterministic PNG of the asked size (`seededPng` of the prompt, the picture's number
// and, for edits, the input pictures' bytes), so a test can recompute what it should receive. The
// model families' rules are OpenAI's: sizes, qualities, counts and prompt lengths per model, and
// the input pictures an edit accepts.
//
// Trouble is asked for by a word in the prompt (as the web vendors do):
// - `sim-policy`: the 400 a safety refusal answers (`content_policy_violation`);
// - `sim-not-image`: 200 whose `b64_json` is text, not a picture;
// - `sim-big-image`: 200 with one picture of BIG_IMAGE_BYTES (a PNG header and filler);
// - `sim-500`, `sim-garbage`, `sim-wrong-shape`, `sim-timeout`: as for the web vendors.
// The `x-sim-first-token-delay-ms` header delays the answer (an image takes seconds to make); so
// does `sim-slow` in the prompt, by SLOW_IMAGE_MS, for clients that cannot send the header.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseMultipart, type FormPart } from '../audio/multipart.ts';
import { readJsonBody, readRaw, sendJson } from '../http.ts';
import { imageSize } from '../images.ts';
import { pacingFromHeaders } from '../pacing.ts';
import { seededPng } from '../png.ts';
import type { SimError } from '../script.ts';
import { badRequest, modelNotFound } from '../sim-errors.ts';
import { sendTrouble, troubleIn } from '../web/provider-trouble.ts';
import { sendOpenAIError } from './errors.ts';

interface ModelRules {
  sizes: readonly string[];
  qualities: readonly string[];
  maxN: number;
  maxPrompt: number;
  /** The most input pictures an edit takes; 0 when the model cannot edit. */
  maxEditImages: number;
  maxEditImageBytes: number;
  /** Whether the answer may be a URL (DALL·E) or is always base64 (gpt-image). */
  urlAnswers: boolean;
}

const GPT_IMAGE: ModelRules = {
  sizes: ['auto', '1024x1024', '1536x1024', '1024x1536'],
  qualities: ['auto', 'low', 'medium', 'high'],
  maxN: 10,
  maxPrompt: 32_000,
  maxEditImages: 16,
  maxEditImageBytes: 50 * 1024 * 1024,
  urlAnswers: false,
};

/** The image models the simulator knows, with OpenAI's rules for each. */
export const IMAGE_MODELS: Record<string, ModelRules> = {
  'gpt-image-1': GPT_IMAGE,
  'gpt-image-1-mini': GPT_IMAGE,
  'dall-e-3': {
    sizes: ['1024x1024', '1792x1024', '1024x1792'],
    qualities: ['standard', 'hd'],
    maxN: 1,
    maxPrompt: 4_000,
    maxEditImages: 0,
    maxEditImageBytes: 0,
    urlAnswers: true,
  },
  'dall-e-2': {
    sizes: ['256x256', '512x512', '1024x1024'],
    qualities: ['standard'],
    maxN: 10,
    maxPrompt: 1_000,
    maxEditImages: 1,
    maxEditImageBytes: 4 * 1024 * 1024,
    urlAnswers: true,
  },
};

/** The size of the picture `sim-big-image` answers with. */
export const BIG_IMAGE_BYTES = 24 * 1024 * 1024;
const MAX_EDIT_BODY_BYTES = 64 * 1024 * 1024;
/** How long `sim-slow` in a prompt delays the answer. */
export const SLOW_IMAGE_MS = 3_000;

const SAFETY_REFUSAL: SimError = {
  kind: 'bad-request',
  status: 400,
  message:
    'Your request was rejected as a result of our safety system. Your prompt may contain text that is not allowed by our safety system.',
};

interface ImageRequest {
  model: string;
  prompt: string;
  n: number;
  size: string;
  quality: string | undefined;
  responseFormat: string | undefined;
}

export async function handleImageGenerations(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJsonBody(req);
  if (!body.ok) return sendOpenAIError(res, body.error);
  const fields = (typeof body.value === 'object' && body.value !== null ? body.value : {}) as Record<
    string,
    unknown
  >;
  const parsed = imageRequest((name) => fields[name]);
  if ('error' in parsed) return sendOpenAIError(res, parsed.error);
  await answer(req, res, parsed.request, []);
}

export async function handleImageEdits(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const raw = await readRaw(req, MAX_EDIT_BODY_BYTES);
  if (!raw) return sendOpenAIError(res, { ...badRequest('The request body is too large.'), status: 413 });
  const parts = parseMultipart(req.headers['content-type'], raw);
  if (!parts) return sendOpenAIError(res, badRequest('The request must be multipart/form-data.'));
  const field = (name: string) => {
    const text = parts.find((p) => p.name === name && p.filename === undefined)?.data.toString();
    return name === 'n' && text !== undefined ? Number(text) : text;
  };
  const parsed = imageRequest(field);
  if ('error' in parsed) return sendOpenAIError(res, parsed.error);
  const rules = IMAGE_MODELS[parsed.request.model]!;
  const images = parts.filter((p) => p.name === 'image' || p.name === 'image[]');
  const problem = editImagesProblem(images, rules, parsed.request.model);
  if (problem) return sendOpenAIError(res, problem);
  await answer(req, res, parsed.request, images);
}

/** The request's fields checked against its model's rules (the messages are OpenAI's). */
function imageRequest(field: (name: string) => unknown): { request: ImageRequest } | { error: SimError } {
  const model = typeof field('model') === 'string' ? (field('model') as string) : 'dall-e-2';
  const rules = IMAGE_MODELS[model];
  if (!rules) return { error: modelNotFound(model) };
  const prompt = field('prompt');
  if (typeof prompt !== 'string' || prompt === '')
    return { error: badRequest("Missing required parameter: 'prompt'.", 'prompt') };
  if (prompt.length > rules.maxPrompt)
    return {
      error: badRequest(
        `Invalid 'prompt': string too long. Expected a string with maximum length ${rules.maxPrompt}, but got a string with length ${prompt.length} instead.`,
        'prompt',
      ),
    };
  const n = field('n') ?? 1;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > rules.maxN)
    return {
      error: badRequest(
        rules.maxN === 1
          ? "Invalid 'n': this model supports only n=1."
          : `Invalid 'n': expected an integer between 1 and ${rules.maxN}.`,
        'n',
      ),
    };
  const size = field('size') ?? rules.sizes[0]!;
  if (typeof size !== 'string' || !rules.sizes.includes(size))
    return {
      error: badRequest(
        `Invalid value: '${String(size)}'. Supported values are: ${rules.sizes.map((s) => `'${s}'`).join(', ')}.`,
        'size',
      ),
    };
  const quality = field('quality');
  if (quality !== undefined && (typeof quality !== 'string' || !rules.qualities.includes(quality)))
    return {
      error: badRequest(
        `Invalid value: '${String(quality)}'. Supported values are: ${rules.qualities.map((q) => `'${q}'`).join(', ')}.`,
        'quality',
      ),
    };
  const responseFormat = field('response_format');
  if (responseFormat !== undefined && !rules.urlAnswers)
    return { error: badRequest("Unknown parameter: 'response_format'.", 'response_format') };
  if (responseFormat !== undefined && responseFormat !== 'b64_json' && responseFormat !== 'url')
    return { error: badRequest(`Invalid value: '${String(responseFormat)}'.`, 'response_format') };
  return {
    request: {
      model,
      prompt,
      n,
      size,
      quality: quality as string | undefined,
      responseFormat: responseFormat as string | undefined,
    },
  };
}

function editImagesProblem(images: FormPart[], rules: ModelRules, model: string): SimError | undefined {
  if (rules.maxEditImages === 0)
    return badRequest(`The model ${model} does not support image edits.`, 'model');
  if (images.length === 0) return badRequest("Missing required parameter: 'image'.", 'image');
  if (images.length > rules.maxEditImages)
    return badRequest(`Too many images: at most ${rules.maxEditImages} are accepted.`, 'image');
  for (const [i, image] of images.entries()) {
    if (image.data.length > rules.maxEditImageBytes)
      return badRequest(`Image ${i + 1} is larger than ${rules.maxEditImageBytes} bytes.`, 'image');
    if (!imageSize(image.data))
      return badRequest(
        `Invalid image file or mode for image ${i + 1}, please check your image file.`,
        'image',
      );
  }
  return undefined;
}

async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  request: ImageRequest,
  inputs: FormPart[],
): Promise<void> {
  const delayMs =
    pacingFromHeaders(req.headers).firstTokenDelayMs ??
    (request.prompt.includes('sim-slow') ? SLOW_IMAGE_MS : 0);
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  if (request.prompt.includes('sim-policy')) return sendOpenAIError(res, SAFETY_REFUSAL);
  if (sendTrouble(res, troubleIn(request.prompt))) return;
  if (
    request.responseFormat === 'url' ||
    (request.responseFormat === undefined && IMAGE_MODELS[request.model]!.urlAnswers)
  )
    return sendOpenAIError(
      res,
      badRequest(
        "The simulator answers pictures as base64 only: send response_format 'b64_json'.",
        'response_format',
      ),
    );
  const created = Math.floor(Date.now() / 1000);
  const data = Array.from({ length: request.n }, (_, i) => ({
    b64_json: pictureFor(request, inputs, i).toString('base64'),
    ...(request.model === 'dall-e-3' ? { revised_prompt: request.prompt } : {}),
  }));
  const usage = request.model.startsWith('gpt-image')
    ? { input_tokens: Math.ceil(request.prompt.length / 4), output_tokens: 272 * request.n }
    : undefined;
  sendJson(res, 200, {
    created,
    data,
    ...(usage ? { usage: { ...usage, total_tokens: usage.input_tokens + usage.output_tokens } } : {}),
  });
}

/** The `index`-th picture of an answer: the asked size, coloured from the prompt (and the inputs). */
export function pictureFor(
  request: { prompt: string; size: string },
  inputs: { data: Buffer }[],
  index: number,
): Buffer {
  if (request.prompt.includes('sim-not-image')) return Buffer.from('this is not a picture, just words');
  if (request.prompt.includes('sim-big-image')) {
    const big = Buffer.alloc(BIG_IMAGE_BYTES, 0x41);
    seededPng('big', 8, 8).copy(big, 0, 0, 24);
    return big;
  }
  const [width, height] = request.size === 'auto' ? [1024, 1024] : request.size.split('x').map(Number);
  return seededPng(imageSeed(request.prompt, inputs, index), width!, height!, request.prompt.slice(0, 200));
}

/** What a picture's colours come from: the prompt, its number and the edited pictures' bytes. */
export function imageSeed(prompt: string, inputs: { data: Buffer }[], index: number): string {
  const hash = createHash('sha256');
  for (const input of inputs) hash.update(input.data);
  return `${prompt}\n${index}\n${inputs.length ? hash.digest('hex') : ''}`;
}
