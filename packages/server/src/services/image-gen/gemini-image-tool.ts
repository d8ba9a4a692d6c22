import { GEMINI_IMAGE_TOOL, type ToolAuthField } from '@parley/schema';
import { z } from 'zod';
import type { AppConfig } from '../../config/app-config.ts';
import type { Database } from '../../db/client.ts';
import type { BlobStore } from '../files/blob-store.ts';
import type { Tool } from '../tools/tool.ts';
import {
  GEMINI_ASPECT_RATIOS,
  GEMINI_BASE_URL,
  generateGeminiPictures,
  type GeminiImageApi,
} from './gemini-images.ts';
import { answerWithPictures } from './picture-answer.ts';
import { IMAGE_TOOL_TIMEOUT_MS } from './provider-pictures.ts';
import { imageToolKey } from './tool-key.ts';

/** The longest prompt sent: far below Gemini's input window, long enough for any description. */
const MAX_PROMPT_LENGTH = 8_000;

const KEY_FIELD: ToolAuthField = {
  authField: 'GEMINI_API_KEY',
  label: 'Gemini API key',
  description: 'The key image generation uses to call Google Gemini on your behalf.',
};

const input = z.strictObject({
  prompt: z
    .string()
    .trim()
    .min(1, 'prompt is required')
    .max(MAX_PROMPT_LENGTH, `prompt is at most ${MAX_PROMPT_LENGTH} characters`),
  aspect_ratio: z.enum(GEMINI_ASPECT_RATIOS).optional(),
});

/**
 * The `gemini_image_gen` tool when GEMINI_API_KEY is set (`user_provided`: each user stores a
 * key), else none. It calls GEMINI_IMAGE_MODEL at Google, or at GOOGLE_REVERSE_PROXY when set.
 */
export function geminiImageTools(config: AppConfig, db: Database, blobStore: BlobStore): Tool[] {
  const key = config.env.GEMINI_API_KEY;
  if (!key) return [];
  const api: GeminiImageApi = {
    baseUrl: config.env.GOOGLE_REVERSE_PROXY ?? GEMINI_BASE_URL,
    model: config.env.GEMINI_IMAGE_MODEL,
  };
  const operatorKey = key === 'user_provided' ? undefined : key;
  return [
    {
      name: GEMINI_IMAGE_TOOL,
      description:
        'Makes a picture from a text description with Google Gemini. Describe the picture fully in ' +
        '`prompt` (subject, style, composition); `aspect_ratio` is one of ' +
        `${GEMINI_ASPECT_RATIOS.join(', ')} (default 1:1). The picture is shown to the user with ` +
        'your answer; do not repeat it as a link.',
      input,
      authConfig: operatorKey ? [] : [KEY_FIELD],
      icon: 'image',
      timeoutMs: IMAGE_TOOL_TIMEOUT_MS,
      run: async (args: z.infer<typeof input>, context) => {
        const key = imageToolKey(operatorKey, KEY_FIELD, context, 'Gemini');
        const made = await generateGeminiPictures(
          api,
          key,
          { prompt: args.prompt, ...(args.aspect_ratio ? { aspectRatio: args.aspect_ratio } : {}) },
          context.signal,
        );
        return answerWithPictures({ db, blobStore }, context, made.pictures, {
          verb: 'Generated',
          tool: GEMINI_IMAGE_TOOL,
          ...(made.text ? { note: `Gemini said with it: ${made.text.slice(0, 1_000)}` } : {}),
        });
      },
    },
  ];
}
