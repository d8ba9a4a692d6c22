import type { ContentPart } from './conversation.ts';
import type { ParleyFile } from './files.ts';

/**
 * Image generation as tools: the tools' names (their `pluginKey`s), and the constants of the
 * progress a client shows while a picture is being made. No zod here (see the package's rule).
 */

/** Makes pictures from a prompt (OpenAI's `/images/generations`). */
export const IMAGE_GEN_TOOL = 'image_gen_oai';
/** Changes pictures the user attached or an earlier call made (OpenAI's `/images/edits`). */
export const IMAGE_EDIT_TOOL = 'image_edit_oai';
/** Makes pictures from a prompt with a Gemini image model (its `generateContent` image output). */
export const GEMINI_IMAGE_TOOL = 'gemini_image_gen';
export const IMAGE_TOOLS: readonly string[] = [IMAGE_GEN_TOOL, IMAGE_EDIT_TOOL, GEMINI_IMAGE_TOOL];

/** The qualities a call may ask for, from any model family; the progress picks its pace by them. */
export type ImageQuality = 'auto' | 'low' | 'medium' | 'high' | 'standard' | 'hd';

/**
 * The progress bar of a picture being made: it starts at 0.1 and moves towards 0.9, where it
 * holds until the picture arrives (1). How long it takes to get there depends on the quality
 * asked, plus up to 30 % at random so two pictures do not move in step; it moves every 200 ms.
 * Its label changes at 0.3, 0.5 and 0.7.
 */
export const IMAGE_PROGRESS = {
  start: 0.1,
  hold: 0.9,
  tickMs: 200,
  randomExtra: 0.3,
  durationMs: { low: 10_000, medium: 20_000, high: 50_000 },
  labelSteps: [0.3, 0.5, 0.7],
} as const;

/** The expected duration for a quality: low 10 s, high (and `hd`) 50 s, anything else 20 s. */
export function imageProgressDuration(quality: string | undefined): number {
  if (quality === 'low') return IMAGE_PROGRESS.durationMs.low;
  if (quality === 'high' || quality === 'hd') return IMAGE_PROGRESS.durationMs.high;
  return IMAGE_PROGRESS.durationMs.medium;
}

/** A stored picture as an answer's `image_file` part: where to fetch it and its size. */
export function imageFilePart(file: ParleyFile): ContentPart {
  return {
    type: 'image_file',
    image_file: {
      file_id: file.file_id,
      filepath: file.filepath,
      filename: file.filename,
      type: file.type,
      ...(file.width ? { width: file.width } : {}),
      ...(file.height ? { height: file.height } : {}),
    },
  };
}
