import { z } from 'zod';
import { MESSAGE_TEXT_MAX } from './message-api.ts';

// The request schemas of artifact edits; the artifact parser and its rules are in artifacts.ts,
// apart from zod, because the chat page parses artifacts as answers stream.

/** The edit of one artifact's code: `original` must be what the artifact holds now. */
export const artifactEditSchema = z.object({
  index: z
    .number({ error: 'index must be a number' })
    .int('index must be an integer')
    .min(0, 'index must not be negative'),
  original: z
    .string({ error: 'original is required' })
    .max(MESSAGE_TEXT_MAX, `original must be at most ${MESSAGE_TEXT_MAX} characters`),
  updated: z
    .string({ error: 'updated is required' })
    .max(MESSAGE_TEXT_MAX, `updated must be at most ${MESSAGE_TEXT_MAX} characters`),
  // The spec's client also sends the message id in the body; the path's id is the one used.
  messageId: z.string().max(200).optional(),
});

export type ArtifactEdit = z.infer<typeof artifactEditSchema>;

export const artifactEditParamsSchema = z.object({
  messageId: z.string().min(1).max(200),
});
