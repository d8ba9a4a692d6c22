import { IMAGE_EDIT_TOOL, IMAGE_GEN_TOOL, type ToolAuthField } from '@parley/schema';
import { z } from 'zod';
import type { AppConfig } from '../../config/app-config.ts';
import type { Database } from '../../db/client.ts';
import type { BlobStore } from '../files/blob-store.ts';
import type { Tool, ToolRunContext } from '../tools/tool.ts';
import { loadEditInputs } from './edit-inputs.ts';
import { imageModelRules, type ImageModelRules } from './image-model-rules.ts';
import { editImages, generateImages, type ImageApi, type ImageRequest } from './openai-images.ts';
import { answerWithPictures } from './picture-answer.ts';
import { IMAGE_TOOL_TIMEOUT_MS, MAX_PICTURES_PER_CALL } from './provider-pictures.ts';
import { imageToolKey } from './tool-key.ts';

/** OpenAI's address, when IMAGE_GEN_OAI_BASEURL does not name another image API. */
export const OPENAI_BASE_URL = 'https://api.openai.com/v1';

const KEY_FIELD: ToolAuthField = {
  authField: 'IMAGE_GEN_OAI_API_KEY',
  label: 'OpenAI API key',
  description: 'The key image generation and editing use to call OpenAI on your behalf.',
};

/** What both image tools need: where the API is, the operator's key (if any), where files go. */
export interface ImageToolSetup {
  api: ImageApi;
  /** The operator's key; undefined when each user stores their own. */
  operatorKey: string | undefined;
  db: Database;
  blobStore: BlobStore;
}

/**
 * The image tools when IMAGE_GEN_OAI_API_KEY is set (`user_provided`: each user stores a key,
 * shared by both tools under `image_gen_oai`), else none. The edit tool exists only for a model
 * that can edit.
 */
export function imageGenTools(config: AppConfig, db: Database, blobStore: BlobStore): Tool[] {
  const key = config.env.IMAGE_GEN_OAI_API_KEY;
  if (!key) return [];
  const model = config.env.IMAGE_GEN_OAI_MODEL;
  const setup: ImageToolSetup = {
    api: {
      baseUrl: config.env.IMAGE_GEN_OAI_BASEURL ?? OPENAI_BASE_URL,
      model,
      rules: imageModelRules(model),
    },
    operatorKey: key === 'user_provided' ? undefined : key,
    db,
    blobStore,
  };
  return setup.api.rules.maxEditImages > 0
    ? [imageGenTool(setup), imageEditTool(setup)]
    : [imageGenTool(setup)];
}

/** The arguments both tools share, by the model's rules (its sizes, qualities, count, prompt). */
function commonInput(rules: ImageModelRules) {
  return {
    prompt: z
      .string()
      .trim()
      .min(1, 'prompt is required')
      .max(rules.maxPromptLength, `prompt is at most ${rules.maxPromptLength} characters for this model`),
    size: z.enum(rules.sizes).optional(),
    quality: z.enum(rules.qualities).optional(),
    n: z
      .number()
      .int()
      .min(1)
      .max(Math.min(rules.maxCount, MAX_PICTURES_PER_CALL), 'too many pictures for one call')
      .optional(),
    // Only gpt-image can leave the background transparent; DALL·E refuses the field.
    background:
      rules.family === 'gpt-image'
        ? z.enum(['transparent', 'opaque', 'auto']).optional()
        : z.undefined({ error: 'this model has no background option' }).optional(),
  };
}

const request = (input: {
  prompt: string;
  size?: string;
  quality?: string;
  n?: number;
  background?: string;
}): ImageRequest => ({
  prompt: input.prompt,
  count: input.n ?? 1,
  ...(input.size ? { size: input.size } : {}),
  ...(input.quality ? { quality: input.quality } : {}),
  ...(input.background ? { background: input.background } : {}),
});

function imageGenTool(setup: ImageToolSetup): Tool {
  const input = z.strictObject(commonInput(setup.api.rules));
  return {
    name: IMAGE_GEN_TOOL,
    description:
      'Makes pictures from a text description. Describe the picture fully in `prompt` (subject, ' +
      `style, composition); sizes: ${setup.api.rules.sizes.join(', ')}; qualities: ` +
      `${setup.api.rules.qualities.join(', ')}. The pictures are shown to the user with your answer; ` +
      'do not repeat them as links.',
    input,
    authConfig: setup.operatorKey ? [] : [KEY_FIELD],
    icon: 'image',
    timeoutMs: IMAGE_TOOL_TIMEOUT_MS,
    run: async (args: z.infer<typeof input>, context) => {
      const made = await generateImages(setup.api, apiKey(setup, context), request(args), context.signal);
      return answerWithPictures(setup, context, made, { verb: 'Generated', tool: IMAGE_GEN_TOOL });
    },
  };
}

function imageEditTool(setup: ImageToolSetup): Tool {
  const max = setup.api.rules.maxEditImages;
  const input = z.strictObject({
    ...commonInput(setup.api.rules),
    image_ids: z
      .array(z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'not a file id'))
      .min(1, 'name at least one picture in image_ids')
      .max(max, `at most ${max} pictures can be edited at once`),
  });
  return {
    name: IMAGE_EDIT_TOOL,
    description:
      'Changes existing pictures: those the user attached or an earlier call made, named by their ' +
      'file ids in `image_ids`. Say in `prompt` what to change and what to keep.',
    input,
    authConfig: setup.operatorKey ? [] : [KEY_FIELD],
    credentialsKey: IMAGE_GEN_TOOL,
    icon: 'image',
    timeoutMs: IMAGE_TOOL_TIMEOUT_MS,
    run: async (args: z.infer<typeof input>, context) => {
      const inputs = await loadEditInputs(setup.db, setup.blobStore, context.userId, args.image_ids);
      const made = await editImages(setup.api, apiKey(setup, context), request(args), inputs, context.signal);
      return answerWithPictures(setup, context, made, { verb: 'Edited', tool: IMAGE_EDIT_TOOL });
    },
  };
}

function apiKey(setup: ImageToolSetup, context: ToolRunContext): string {
  return imageToolKey(setup.operatorKey, KEY_FIELD, context, 'OpenAI');
}
