import { z } from 'zod';
import { chatParametersSchema } from './chat.ts';

/** Longest preset title; presets per user. */
export const PRESET_TITLE_MAX = 200;
export const MAX_PRESETS_PER_USER = 500;

const text = (max: number) => z.string().max(max).nullish();

/**
 * A preset: the conversation's setup minus ids and dates, plus presetId, title,
 * defaultPreset and order. `POST /api/presets` creates (no or unknown presetId) or replaces one.
 * Unknown keys are dropped.
 */
export const savePresetSchema = chatParametersSchema.extend({
  presetId: z.string().trim().min(1).max(200).nullish(),
  title: z
    .string()
    .trim()
    .max(PRESET_TITLE_MAX, `title must be at most ${PRESET_TITLE_MAX} characters`)
    .nullish(),
  defaultPreset: z.boolean().optional(),
  order: z.number().int().min(0).max(100_000).nullish(),
  endpoint: z.string({ error: 'endpoint is required' }).trim().min(1, 'endpoint is required').max(200),
  endpointType: text(200),
  model: text(300),
  modelLabel: text(200),
  chatGptLabel: text(200),
  promptPrefix: text(100_000),
  topK: z.number().min(0).max(500).nullish(),
  thinking: z.boolean().nullish(),
  thinkingBudget: z.number().int().min(-1).max(200_000).nullish(),
  promptCache: z.boolean().nullish(),
  iconURL: text(2000),
  spec: text(200),
});
export type SavePresetBody = z.infer<typeof savePresetSchema>;

/** `POST /api/presets/delete`: `{presetId}` deletes one; without presetId every preset goes. */
export const deletePresetSchema = z
  .object({ presetId: z.string().trim().min(1).max(200).optional() })
  .nullish()
  .transform((b) => ({ presetId: b?.presetId }));

export interface Preset {
  presetId: string;
  title: string | null;
  defaultPreset: boolean;
  order: number | null;
  endpoint: string;
  model?: string | null;
  createdAt: string;
  updatedAt: string;
  [setting: string]: unknown;
}

export interface DeletePresetsResult {
  acknowledged: true;
  deletedCount: number;
}
