import { z } from 'zod';
import { implemented } from './section.ts';

export const turnstileSchema = z.strictObject({
  /** The public site key the widget on the register and login pages is rendered with. */
  siteKey: z.string().trim().min(1).max(200),
  /** Widget options passed through to the browser (language, size, theme…). */
  options: z
    .strictObject({
      language: z.string().max(20).optional(),
      size: z.enum(['normal', 'compact', 'flexible', 'invisible']).optional(),
      theme: z.enum(['auto', 'light', 'dark']).optional(),
    })
    .optional(),
});

/**
 * `turnstile`: the human check shown on the register and login pages. The server verifies the
 * widget's answer with the provider when TURNSTILE_SECRET_KEY is set.
 */
export const turnstileSection = implemented(turnstileSchema);
