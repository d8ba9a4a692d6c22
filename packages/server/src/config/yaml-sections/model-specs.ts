import { savePresetSchema } from '@parley/schema';
import { z } from 'zod';
import { implemented } from './section.ts';

/** A spec's conversation setup: a preset (endpoint required) without the preset's own bookkeeping. */
const specPreset = z.strictObject(
  savePresetSchema.omit({ presetId: true, title: true, defaultPreset: true, order: true, spec: true }).shape,
);

const modelSpec = z.strictObject({
  /** The spec's id, stored on conversations that use it. */
  name: z.string().trim().min(1, 'name is required').max(200),
  label: z.string().trim().min(1, 'label is required').max(200),
  preset: specPreset,
  default: z.boolean().optional(),
  description: z.string().max(2000).optional(),
  iconURL: z.string().max(2000).optional(),
  order: z.number().int().optional(),
  group: z.string().max(200).optional(),
  showIconInMenu: z.boolean().optional(),
  showIconInHeader: z.boolean().optional(),
  authType: z.string().max(50).optional(),
});

export const modelSpecsSchema = z
  .strictObject({
    /** Only the specs can be chosen: the endpoint and model menus are hidden, requests must name a spec. */
    enforce: z.boolean().default(false),
    /** A new chat starts from the default spec rather than the last model used. */
    prioritize: z.boolean().default(true),
    list: z.array(modelSpec).min(1, 'needs at least one model spec'),
    addedEndpoints: z.array(z.string()).optional(),
  })
  .superRefine((specs, ctx) => {
    const seen = new Set<string>();
    specs.list.forEach((spec, i) => {
      if (seen.has(spec.name))
        ctx.addIssue({
          code: 'custom',
          path: ['list', i, 'name'],
          message: `duplicate spec name "${spec.name}"`,
        });
      seen.add(spec.name);
    });
    if (specs.list.filter((s) => s.default).length > 1)
      ctx.addIssue({ code: 'custom', path: ['list'], message: 'at most one spec can be the default' });
  });
export type ModelSpecsSection = z.infer<typeof modelSpecsSchema>;

/** `modelSpecs`: named, preset-backed choices offered in the model menu. */
export const modelSpecsSection = implemented(modelSpecsSchema);
