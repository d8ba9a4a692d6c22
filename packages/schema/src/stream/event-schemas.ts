import { z } from 'zod';

/**
 * Schemas of every stream event (the shapes `events.ts` types). The web reads events without
 * validating them (the server is trusted and the hot path is one event per token); these are for
 * contract tests on both sides and for any reader that must not trust its input.
 */

const contentPart = z.looseObject({ type: z.string() });
const message = z.looseObject({
  messageId: z.string(),
  parentMessageId: z.string(),
  conversationId: z.string(),
  text: z.string(),
  isCreatedByUser: z.boolean(),
});
const conversation = z.looseObject({ conversationId: z.string(), title: z.string() });
const toolCallStub = z.strictObject({
  id: z.string(),
  name: z.string(),
  args: z.string(),
  type: z.literal('tool_call'),
});

export const runStepDataSchema = z.strictObject({
  id: z.string(),
  runId: z.string(),
  index: z.number().int().min(0),
  stepIndex: z.number().int().min(0),
  type: z.enum(['message_creation', 'tool_calls']),
  stepDetails: z.strictObject({
    type: z.enum(['message_creation', 'tool_calls']),
    tool_calls: z.array(toolCallStub).optional(),
  }),
});

export const stepEventSchema = z.discriminatedUnion('event', [
  z.strictObject({ event: z.literal('on_run_step'), data: runStepDataSchema }),
  z.strictObject({
    event: z.literal('on_message_delta'),
    data: z.strictObject({
      id: z.string(),
      delta: z.strictObject({
        content: z.array(z.strictObject({ type: z.literal('text'), text: z.string() })),
      }),
    }),
  }),
  z.strictObject({
    event: z.literal('on_reasoning_delta'),
    data: z.strictObject({
      id: z.string(),
      delta: z.strictObject({
        content: z.array(z.strictObject({ type: z.literal('think'), think: z.string() })),
      }),
    }),
  }),
  z.strictObject({
    event: z.literal('on_run_step_delta'),
    data: z.strictObject({
      id: z.string(),
      delta: z.strictObject({
        type: z.literal('tool_calls'),
        tool_calls: z.array(
          z.strictObject({ name: z.string().optional(), args: z.string(), index: z.number().optional() }),
        ),
        auth: z.string().optional(),
        expires_at: z.number().optional(),
        progress: z.number().min(0).max(1).optional(),
        progress_message: z.string().optional(),
        approval: z
          .strictObject({
            kind: z.enum(['approve', 'question']),
            expires_at: z.number(),
            question: z.string().optional(),
            choices: z.array(z.string()).optional(),
          })
          .optional(),
      }),
    }),
  }),
  z.strictObject({
    event: z.literal('on_run_step_completed'),
    data: z.strictObject({
      result: z.strictObject({
        id: z.string(),
        index: z.number().int().min(0),
        tool_call: z.strictObject({
          id: z.string(),
          name: z.string(),
          args: z.string(),
          output: z.string().optional(),
          progress: z.number().optional(),
          type: z.literal('tool_call'),
        }),
      }),
    }),
  }),
  z.strictObject({
    event: z.literal('on_content_part'),
    data: z.strictObject({
      index: z.number().int().min(0),
      part: z.strictObject({
        type: z.literal('image_file'),
        image_file: z.strictObject({
          file_id: z.string(),
          filepath: z.string(),
          filename: z.string(),
          type: z.string(),
          width: z.number().int().positive().optional(),
          height: z.number().int().positive().optional(),
        }),
      }),
    }),
  }),
  z.strictObject({
    event: z.literal('on_agent_update'),
    data: z.strictObject({
      agent_update: z.strictObject({
        index: z.number(),
        runId: z.string(),
        agentId: z.string(),
        agentName: z.string().optional(),
      }),
    }),
  }),
]);

export const createdEventSchema = z.strictObject({
  created: z.literal(true),
  message: z.strictObject({
    messageId: z.string(),
    parentMessageId: z.string(),
    conversationId: z.string(),
    sender: z.string(),
    text: z.string(),
    isCreatedByUser: z.literal(true),
  }),
});

export const finalEventSchema = z.strictObject({
  final: z.literal(true),
  title: z.string().optional(),
  conversation: conversation.optional(),
  requestMessage: message,
  responseMessage: message.extend({ content: z.array(contentPart).optional() }),
  memoryPending: z.literal(true).optional(),
  runMessages: z.array(message).optional(),
});

export const errorEventSchema = z.strictObject({
  error: z.literal(true),
  final: z.literal(true),
  messageId: z.string(),
  conversationId: z.string(),
  parentMessageId: z.string(),
  text: z.string(),
});

export const syncEventSchema = z.strictObject({
  sync: z.literal(true),
  resumeState: z.strictObject({
    responseMessageId: z.string(),
    content: z.array(contentPart),
    requestMessage: createdEventSchema.shape.message,
    runSteps: z.array(runStepDataSchema).optional(),
    sender: z.string().optional(),
    endpoint: z.string().optional(),
    model: z.string().optional(),
  }),
});

/** Any event of the `message` or `error` SSE events. */
export const streamEventSchema = z.union([
  createdEventSchema,
  stepEventSchema,
  finalEventSchema,
  errorEventSchema,
  syncEventSchema,
]);
