import { notImplemented } from './section.ts';

/** `turnstile`: not acted on yet. */
export const turnstileSection = notImplemented('no human check is shown on the sign-up and sign-in pages.');
