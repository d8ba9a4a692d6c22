import { z } from 'zod';

const LONG_TEXT = 100_000;
const text = (max: number) => z.string().max(max, `must be at most ${max} characters`).nullish();
const id = text(200);

/** One example exchange of a conversation setup: what the user says, what the model answers. */
const exampleSchema = z.object({
  input: z.object({ content: z.string().max(LONG_TEXT) }),
  output: z.object({ content: z.string().max(LONG_TEXT) }),
});

/**
 * Conversation and preset fields of the spec that Parley stores and returns but does not act on
 * yet (agents, assistants, tools, artifacts, files, web search, greetings, examples, …). A
 * LibreChat client sends them; they are kept with the conversation or preset as sent, so nothing
 * a client saved is lost, and a feature that lands finds them in place.
 */
export const keptConversationFieldsShape = {
  userLabel: text(200),
  greeting: text(10_000),
  /** Extra context given to the model (legacy plugins endpoint). */
  context: text(LONG_TEXT),
  examples: z.array(exampleSchema).max(100, 'at most 100 examples').nullish(),
  /** The artifacts mode the client asked for ("default", "shadcnui", "custom", or "" for off). */
  artifacts: z.union([z.string().max(100), z.boolean()]).nullish(),
  web_search: z.boolean().nullish(),
  disableStreaming: z.boolean().nullish(),
  instructions: text(LONG_TEXT),
  additional_instructions: text(LONG_TEXT),
  append_current_datetime: z.boolean().nullish(),
  file_ids: z.array(z.string().max(200)).max(1000, 'at most 1000 file ids').nullish(),
  /** Tool keys, or tool descriptions as older clients sent them. */
  tools: z
    .array(z.union([z.string().max(200), z.record(z.string(), z.unknown())]))
    .max(200, 'at most 200 tools')
    .nullish(),
  agent_id: id,
  assistant_id: id,
  agentOptions: z
    .object({
      agent: z.string().max(50).optional(),
      skipCompletion: z.boolean().optional(),
      model: z.string().max(300).optional(),
      temperature: z.number().min(0).max(2).optional(),
    })
    .nullish(),
  disableParams: z.boolean().nullish(),
  /** Bedrock's extra model request fields, passed as the client sent them. */
  additionalModelRequestFields: z.record(z.string(), z.unknown()).nullish(),
};

export const KEPT_CONVERSATION_FIELDS = Object.keys(
  keptConversationFieldsShape,
) as (keyof typeof keptConversationFieldsShape)[];
