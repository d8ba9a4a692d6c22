import { notImplemented } from './section.ts';

/** `fileStrategy`: not acted on yet. */
export const fileStrategySection = notImplemented(
  'uploaded files go to the local disk, or to the S3 bucket named by S3_BUCKET; this setting does not choose.',
);
