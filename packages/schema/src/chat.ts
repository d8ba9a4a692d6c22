import { z } from 'zod';
import { NO_PARENT } from './constants.ts';
import { KEPT_CONVERSATION_FIELDS, keptConversationFieldsShape } from './kept-conversation-fields.ts';
import { wideParametersShape } from './parameter-schemas.ts';

/** The longest message text a chat request may carry (characters). */
export const MAX_CHAT_TEXT_LENGTH = 100_000;
/** The longest system prompt (promptPrefix) a chat request may carry (characters). */
export const MAX_PROMPT_PREFIX_LENGTH = 100_000;
const idString = z.string().trim().min(1).max(200);

/** Edits one content part of the request message before it is answered again. */
export const editedContentSchema = z.object({
  index: z.number().int().min(0).max(1000),
  text: z.string().max(MAX_CHAT_TEXT_LENGTH, `text must be at most ${MAX_CHAT_TEXT_LENGTH} characters`),
  type: z.enum(['text', 'think']),
});
export type EditedContent = z.infer<typeof editedContentSchema>;

/**
 * The conversation setup a chat request or preset may carry: the model parameters, with the
 * widest bounds of any endpoint (the server checks them against the endpoint's family in
 * parameters.ts once it knows which endpoint answers), and the fields kept for features to come.
 */
export const chatParametersSchema = z.object({ ...wideParametersShape, ...keptConversationFieldsShape });
export type ChatParameters = z.infer<typeof chatParametersSchema>;

/** What names a model setup besides its endpoint: shared by a chat request and its added conversation. */
const modelSetupFields = {
  endpointType: z.string().max(200).nullish(),
  model: z.string().trim().min(1, 'model is required').max(300).optional(),
  modelLabel: z.string().max(200).nullish(),
  chatGptLabel: z.string().max(200).nullish(),
  promptPrefix: z
    .string()
    .max(MAX_PROMPT_PREFIX_LENGTH, `promptPrefix must be at most ${MAX_PROMPT_PREFIX_LENGTH} characters`)
    .nullish(),
  iconURL: z.string().max(2000).nullish(),
  spec: z.string().max(200).nullish(),
};

/**
 * The conversation setup of the second answer to a message (the `+` command, multi-conversation):
 * its endpoint and model, or an agent or model spec, with the parameters of that setup. The
 * message itself (text, files, parent) is the main request's.
 */
export const addedConvoSchema = chatParametersSchema.extend({
  endpoint: z.string({ error: 'addedConvo.endpoint is required' }).trim().min(1).max(200),
  ...modelSetupFields,
});
export type AddedConvo = z.infer<typeof addedConvoSchema>;

/**
 * Body of `POST /api/agents/chat/{endpoint}` (and `/modify`): the user message merged with the
 * endpoint options (PROTOCOL.md). Unknown keys are dropped, so a LibreChat client's extra fields
 * do no harm. The server assigns the real ids.
 */
export const chatRequestSchema = chatParametersSchema.extend({
  text: z
    .string({ error: 'Chat text is required' })
    .max(MAX_CHAT_TEXT_LENGTH, `Message text must be at most ${MAX_CHAT_TEXT_LENGTH} characters`),
  sender: z.string().max(200).optional(),
  isCreatedByUser: z.boolean().optional(),
  clientTimestamp: z.string().max(64).optional(),
  /** NO_PARENT for a conversation's first message. */
  parentMessageId: idString.nullish().transform((v) => v ?? NO_PARENT),
  /** null, absent or "new" start a new conversation. */
  conversationId: idString.nullish().transform((v) => (v && v !== 'new' ? v : null)),
  /**
   * The client's id for a new user message (a random UUID). The server keeps it when no message
   * has it yet, so the same message sent again (a retry after a cut stream) is answered, not saved
   * twice; any other id is replaced by one the server assigns (the `created` event tells it).
   */
  messageId: z.string().max(200).nullish(),
  /** With `isContinued`: the answer to extend. */
  responseMessageId: idString.nullish(),
  overrideParentMessageId: idString.nullish(),
  endpoint: z.string().max(200).optional(),
  ...modelSetupFields,
  isTemporary: z.boolean().optional(),
  /** A new conversation starts in this project (the caller must be a member); ignored for an existing one. */
  projectId: idString.nullish(),
  isRegenerate: z.boolean().optional(),
  isContinued: z.boolean().optional(),
  isEdited: z.boolean().optional(),
  editedContent: editedContentSchema.nullish(),
  ephemeralAgent: z.record(z.string(), z.unknown()).nullish(),
  files: z.array(z.record(z.string(), z.unknown())).max(100).optional(),
  /** A second model answering the same user message at the same time (multi-conversation). */
  addedConvo: addedConvoSchema.nullish(),
  /**
   * With `isRegenerate`: the answer is a new second answer beside this one (multi-conversation),
   * from the request's own endpoint and model (the second model's), while that first answer stays
   * as it is. Regenerates one side of a pair.
   */
  pairedAnswerId: idString.nullish(),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;
/** A chat request as a client writes it (before defaults are applied). */
export type ChatRequestBody = z.input<typeof chatRequestSchema>;

/** The conversation fields a chat request stores on its conversation (model setup). */
export const CONVERSATION_SETTING_KEYS = [
  'modelLabel',
  'chatGptLabel',
  'promptPrefix',
  'temperature',
  'top_p',
  'topP',
  'frequency_penalty',
  'presence_penalty',
  'max_tokens',
  'maxOutputTokens',
  'maxTokens',
  'maxContextTokens',
  'stop',
  'topK',
  'reasoning_effort',
  'reasoning_summary',
  'useResponsesApi',
  'thinking',
  'thinkingBudget',
  'promptCache',
  'region',
  'system',
  'resendFiles',
  'imageDetail',
  'iconURL',
  'spec',
  ...KEPT_CONVERSATION_FIELDS,
] as const satisfies readonly (keyof ChatRequest)[];

/**
 * `POST /api/agents/chat/abort`: `{conversationId}` or the spec's `{abortKey}` whose part before
 * the first ":" is the conversation id.
 */
export const abortRequestSchema = z
  .object({
    conversationId: idString.optional(),
    abortKey: z.string().trim().min(1).max(500).optional(),
    endpoint: z.string().max(200).optional(),
  })
  .transform((b, ctx) => {
    const conversationId = b.conversationId ?? b.abortKey?.split(':')[0];
    if (!conversationId) {
      ctx.addIssue({ code: 'custom', message: 'conversationId is required', path: ['conversationId'] });
      return z.NEVER;
    }
    return { conversationId };
  });
export type AbortRequest = z.infer<typeof abortRequestSchema>;

/** `POST /api/convos/gen_title`. */
export const genTitleRequestSchema = z.object({
  conversationId: z.string({ error: 'conversationId is required' }).trim().min(1).max(200),
});

/** `GET /api/agents/chat/active` answers the caller's conversations with a running generation. */
export interface ActiveGenerations {
  activeJobIds: string[];
}
