import { z } from 'zod';
import {
  ImageGenError,
  MAX_PICTURES_PER_CALL,
  pictureFromBase64,
  postToImageApi,
  readPictureAnswer,
  type MadePicture,
} from './provider-pictures.ts';

/** Google's Gemini API, when GOOGLE_REVERSE_PROXY names no other host. */
export const GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com';

/** The aspect ratios Gemini's image models accept (`generationConfig.imageConfig.aspectRatio`). */
export const GEMINI_ASPECT_RATIOS = [
  '1:1',
  '2:3',
  '3:2',
  '3:4',
  '4:3',
  '4:5',
  '5:4',
  '9:16',
  '16:9',
  '21:9',
] as const;

/** Where the Gemini API is and which image model it runs; the key comes per call. */
export interface GeminiImageApi {
  baseUrl: string;
  model: string;
}

/** What Gemini made: the pictures, and the words it answered with them. */
export interface GeminiPictures {
  pictures: MadePicture[];
  text: string;
}

// Only the fields read are checked; everything else Gemini sends (usage, safety ratings) is ignored.
const answerSchema = z.object({
  promptFeedback: z.object({ blockReason: z.string().optional() }).optional(),
  candidates: z
    .array(
      z.object({
        finishReason: z.string().optional(),
        content: z
          .object({
            parts: z
              .array(
                z.object({
                  text: z.string().optional(),
                  inlineData: z.object({ mimeType: z.string(), data: z.string().min(1) }).optional(),
                }),
              )
              .optional(),
          })
          .optional(),
      }),
    )
    .optional(),
});

/** The finish reasons of an answer that ended normally; any other ending without a picture is a refusal. */
const NORMAL_ENDINGS = new Set(['STOP', 'MAX_TOKENS', 'FINISH_REASON_UNSPECIFIED']);

/**
 * POST {base}/v1beta/models/{model}:generateContent asking for text and image output: the
 * pictures of the first candidate. A blocked prompt, or an answer with words but no picture,
 * ends with the provider's reason.
 */
export async function generateGeminiPictures(
  api: GeminiImageApi,
  apiKey: string,
  request: { prompt: string; aspectRatio?: string },
  signal: AbortSignal,
): Promise<GeminiPictures> {
  const body = {
    contents: [{ role: 'user', parts: [{ text: request.prompt }] }],
    generationConfig: {
      responseModalities: ['TEXT', 'IMAGE'],
      ...(request.aspectRatio ? { imageConfig: { aspectRatio: request.aspectRatio } } : {}),
    },
  };
  const response = await postToImageApi(generateContentUrl(api), {
    headers: { 'content-type': 'application/json', 'x-goog-api-key': apiKey },
    body: JSON.stringify(body),
    signal,
  });
  const parsed = answerSchema.safeParse(await readPictureAnswer(response, MAX_PICTURES_PER_CALL));
  if (!parsed.success) throw new ImageGenError('the image provider answered without any picture');
  const blocked = parsed.data.promptFeedback?.blockReason;
  if (blocked) throw new ImageGenError(`the image provider refused the prompt (${blocked})`);
  const candidate = parsed.data.candidates?.[0];
  const parts = candidate?.content?.parts ?? [];
  const text = parts
    .map((part) => part.text ?? '')
    .join('')
    .trim();
  const inline = parts.flatMap((part) => (part.inlineData ? [part.inlineData] : []));
  if (inline.length === 0) {
    const ending = candidate?.finishReason;
    if (ending && !NORMAL_ENDINGS.has(ending))
      throw new ImageGenError(`the image provider refused the prompt (${ending})`);
    throw new ImageGenError(
      `the image provider answered without any picture${text ? `: ${text.slice(0, 500)}` : ''}`,
    );
  }
  const pictures: MadePicture[] = [];
  for (const [i, data] of inline.slice(0, MAX_PICTURES_PER_CALL).entries())
    pictures.push(await pictureFromBase64(data.data, i));
  return { pictures, text };
}

/** The base may be a host or already end in `/v1beta` (as GOOGLE_REVERSE_PROXY allows). */
function generateContentUrl(api: GeminiImageApi): string {
  const base = api.baseUrl.replace(/\/+$/, '').replace(/\/v1beta$/, '');
  return `${base}/v1beta/models/${encodeURIComponent(api.model)}:generateContent`;
}
