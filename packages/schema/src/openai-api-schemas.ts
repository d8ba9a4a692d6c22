import { z } from 'zod';

/**
 * Requests of the OpenAI-compatible `/v1/` routes, in OpenAI's own field names. Fields clients
 * commonly send that Parley has no use for (`user`, `seed`, `metadata`, …) are accepted and
 * dropped, so existing OpenAI clients work unchanged; known fields are checked for type and range.
 */

/** The longest text of one message part (characters). */
export const MAX_API_TEXT_LENGTH = 1_000_000;
/** The most messages one request may carry. */
export const MAX_API_MESSAGES = 2_000;
/** The most tools one request may offer (OpenAI's own limit). */
export const MAX_API_TOOLS = 128;

const text = z.string().max(MAX_API_TEXT_LENGTH, `text must be at most ${MAX_API_TEXT_LENGTH} characters`);
const textPart = z.object({ type: z.literal('text'), text });
const imagePart = z.object({
  type: z.literal('image_url'),
  image_url: z.object({
    // A data: URL of the picture (or an http(s) address, fetched through the guarded client).
    url: z.string().min(1).max(30_000_000),
    detail: z.enum(['low', 'high', 'auto']).optional(),
  }),
});
const textContent = z.union([text, z.array(textPart).max(1000)]);

const toolCallSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.literal('function'),
  function: z.object({ name: z.string().min(1).max(200), arguments: z.string().max(MAX_API_TEXT_LENGTH) }),
});
export type ApiToolCall = z.infer<typeof toolCallSchema>;

export const apiChatMessageSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('system'), content: textContent, name: z.string().max(200).optional() }),
  z.object({ role: z.literal('developer'), content: textContent, name: z.string().max(200).optional() }),
  z.object({
    role: z.literal('user'),
    content: z.union([text, z.array(z.discriminatedUnion('type', [textPart, imagePart])).max(1000)]),
    name: z.string().max(200).optional(),
  }),
  z.object({
    role: z.literal('assistant'),
    content: textContent.nullish(),
    tool_calls: z.array(toolCallSchema).max(MAX_API_TOOLS).optional(),
    name: z.string().max(200).optional(),
  }),
  z.object({ role: z.literal('tool'), content: textContent, tool_call_id: z.string().min(1).max(200) }),
]);
export type ApiChatMessage = z.infer<typeof apiChatMessageSchema>;

const toolName = z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, 'a tool name is 1 to 64 letters, digits, _ or -');

export const apiToolSchema = z.object({
  type: z.literal('function'),
  function: z.object({
    name: toolName,
    description: z.string().max(10_000).optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
    strict: z.boolean().nullish(),
  }),
});
export type ApiTool = z.infer<typeof apiToolSchema>;

export const apiToolChoiceSchema = z.union([
  z.enum(['none', 'auto', 'required']),
  z.object({ type: z.literal('function'), function: z.object({ name: toolName }) }),
]);
export type ApiToolChoice = z.infer<typeof apiToolChoiceSchema>;

/** `POST /v1/chat/completions`. */
export const apiChatRequestSchema = z.object({
  model: z.string({ error: 'model is required' }).trim().min(1, 'model is required').max(500),
  messages: z
    .array(apiChatMessageSchema, { error: 'messages must be a list of messages' })
    .min(1, 'messages must not be empty')
    .max(MAX_API_MESSAGES),
  stream: z.boolean().nullish(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  frequency_penalty: z.number().min(-2).max(2).nullish(),
  presence_penalty: z.number().min(-2).max(2).nullish(),
  max_tokens: z.number().int().min(1).max(10_000_000).nullish(),
  max_completion_tokens: z.number().int().min(1).max(10_000_000).nullish(),
  stop: z.union([z.string().max(1000), z.array(z.string().max(1000)).max(4)]).nullish(),
  reasoning_effort: z.enum(['none', 'minimal', 'low', 'medium', 'high']).nullish(),
  // One answer per request: Parley's providers make one.
  n: z.literal(1, { error: 'n must be 1' }).nullish(),
  tools: z.array(apiToolSchema).max(MAX_API_TOOLS).optional(),
  tool_choice: apiToolChoiceSchema.optional(),
  parallel_tool_calls: z.boolean().optional(),
  user: z.string().max(500).optional(),
  seed: z.number().int().nullish(),
});
export type ApiChatRequest = z.infer<typeof apiChatRequestSchema>;

/** `POST /v1/embeddings`: one text or up to 2,048 (token arrays are not accepted). */
export const apiEmbeddingsRequestSchema = z.object({
  model: z.string({ error: 'model is required' }).trim().min(1, 'model is required').max(500),
  input: z.union([
    z.string().min(1, 'input must not be empty').max(MAX_API_TEXT_LENGTH),
    z.array(z.string().min(1).max(MAX_API_TEXT_LENGTH)).min(1, 'input must not be empty').max(2048),
  ]),
  encoding_format: z.enum(['float', 'base64']).optional(),
  dimensions: z.number().int().min(1).max(100_000).optional(),
  user: z.string().max(500).optional(),
});
export type ApiEmbeddingsRequest = z.infer<typeof apiEmbeddingsRequestSchema>;
