import { z } from 'zod';
import type { FailedModel } from './fallbacks.ts';

/** Content part types of a message. */
export const CONTENT_PART_TYPES = [
  'text',
  'think',
  'text_delta',
  'tool_call',
  'image_file',
  'image_url',
  'agent_update',
  'error',
] as const;
export type ContentPartType = (typeof CONTENT_PART_TYPES)[number];
export type ContentPart = { type: string; [key: string]: unknown };

export const FEEDBACK_TAGS_DOWN = [
  'not_matched',
  'inaccurate',
  'bad_style',
  'missing_image',
  'unjustified_refusal',
  'not_helpful',
  'other',
] as const;
export const FEEDBACK_TAGS_UP = [
  'accurate_reliable',
  'creative_solution',
  'clear_well_written',
  'attention_to_detail',
] as const;

export const feedbackSchema = z
  .object({
    rating: z.enum(['thumbsUp', 'thumbsDown']),
    tag: z.enum([...FEEDBACK_TAGS_DOWN, ...FEEDBACK_TAGS_UP]).optional(),
    text: z.string().max(1024, 'Feedback text must be at most 1024 characters').optional(),
  })
  .refine(
    (f) =>
      f.tag === undefined ||
      (f.rating === 'thumbsUp'
        ? (FEEDBACK_TAGS_UP as readonly string[])
        : (FEEDBACK_TAGS_DOWN as readonly string[])
      ).includes(f.tag),
    { message: 'tag does not belong to the rating', path: ['tag'] },
  );
export type Feedback = z.infer<typeof feedbackSchema>;

/** A message as the API returns it (LibreChat-compatible field names). */
export interface Message {
  messageId: string;
  conversationId: string;
  parentMessageId: string;
  sender: string;
  text: string;
  content?: ContentPart[];
  isCreatedByUser: boolean;
  endpoint?: string | null;
  model?: string | null;
  error: boolean;
  unfinished: boolean;
  finish_reason?: string | null;
  feedback?: Feedback | null;
  files?: Record<string, unknown>[] | null;
  /**
   * A second answer to the same user message asked of another model at the same time
   * (multi-conversation) names the first answer here; the two are shown side by side.
   */
  pairedAnswerId?: string;
  /**
   * Only in a conversation's message list, on its newest answer while the memory step after that
   * answer still runs: the page then waits for the step's notice (the memory updates call).
   */
  memoryPending?: true;
  /**
   * On an answer its user stopped (besides `unfinished` and `finish_reason: "incomplete"`, which
   * any answer that ended early carries): the app shows it as stopped, not as interrupted.
   */
  stopped?: true;
  /**
   * On an answer another model gave because the asked one failed before its first token
   * (parley.yaml `fallbacks`): the models that failed, in order; `endpoint` and `model` name the
   * one that answered.
   */
  fallbackFrom?: FailedModel[];
  createdAt: string;
  updatedAt: string;
  [extra: string]: unknown;
}

/** A conversation as the API returns it: the columns plus its stored settings spread in. */
export interface Conversation {
  conversationId: string;
  user: string;
  title: string;
  endpoint: string | null;
  endpointType?: string | null;
  model: string | null;
  isArchived: boolean;
  expiredAt: string | null;
  tags: string[];
  /** The project it is in, or null (the server always sends it; a client's placeholder may leave it out). */
  projectId?: string | null;
  createdAt: string;
  updatedAt: string;
  [setting: string]: unknown;
}
