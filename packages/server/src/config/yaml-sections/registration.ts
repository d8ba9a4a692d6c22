import { z } from 'zod';
import { implemented } from './section.ts';

export const registrationSchema = z.strictObject({
  socialLogins: z.array(z.string()).optional(),
  allowedDomains: z.array(z.string()).optional(),
});

/** `registration`: the sign-in providers offered and the e-mail domains allowed to register. */
export const registrationSection = implemented(registrationSchema);
