import { z } from 'zod';
import { notImplemented } from './section.ts';

/** `modelSpecs`: named, preset-backed choices in the model menu. */
export const modelSpecsSection = notImplemented(
  'the model specs listed here are not offered in the model menu.',
  z.looseObject({
    list: z.array(z.unknown()).min(1, 'needs at least one model spec'),
  }),
);
