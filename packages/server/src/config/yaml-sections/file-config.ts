import { z } from 'zod';
import { notImplemented } from './section.ts';

const nonNegative = z.number().min(0, 'must be at least 0');

/** Upload limits of one endpoint. Other keys are kept for when the section is implemented. */
const endpointFileLimits = z.looseObject({
  fileLimit: nonNegative.optional(),
  fileSizeLimit: nonNegative.optional(),
  totalSizeLimit: nonNegative.optional(),
  supportedMimeTypes: z.array(z.string()).optional(),
  disabled: z.boolean().optional(),
});

/**
 * `fileConfig`: upload limits. Until it is implemented only the format's hard rules are checked:
 * limits at least 0, image-generation percentage 0 to 100, resize quality 0 to 1.
 */
export const fileConfigSection = notImplemented(
  'the upload limits set here (sizes, counts, types, image resizing) are not applied; the defaults apply.',
  z.looseObject({
    endpoints: z.record(z.string(), endpointFileLimits).optional(),
    serverFileSizeLimit: nonNegative.optional(),
    avatarSizeLimit: nonNegative.optional(),
    imageGeneration: z
      .looseObject({
        percentage: z.number().min(0, 'must be 0 to 100').max(100, 'must be 0 to 100').optional(),
        px: nonNegative.optional(),
      })
      .optional(),
    clientImageResize: z
      .looseObject({
        enabled: z.boolean().optional(),
        maxWidth: nonNegative.optional(),
        maxHeight: nonNegative.optional(),
        quality: z.number().min(0, 'must be 0 to 1').max(1, 'must be 0 to 1').optional(),
      })
      .optional(),
  }),
);
