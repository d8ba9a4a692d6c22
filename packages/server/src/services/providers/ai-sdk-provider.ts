import type {
  LanguageModelV3,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  SharedV3ProviderOptions,
} from '@ai-sdk/provider';
import { generateText, type ModelMessage, type streamText } from 'ai';
import { describeFailure, type FailureSource } from './provider-failure.ts';
import { retryingStaleConnection } from './stale-connection.ts';
import type { JSONSchema7 } from '@ai-sdk/provider';
import type {
  Provider,
  ProviderEvent,
  ProviderMessage,
  ProviderRequest,
  ProviderToolChoice,
} from './provider.ts';

// The AI SDK prints every call warning to the console by default; Parley logs through pino.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

type SdkModel = Parameters<typeof streamText>[0]['model'];

/** One AI SDK call as a provider builds it from a ProviderRequest. */
export interface SdkCall {
  model: SdkModel;
  /** The system prompt included (as a `system` message), so providers can mark it for caching. */
  messages: ModelMessage[];
  settings: {
    temperature?: number;
    topP?: number;
    topK?: number;
    frequencyPenalty?: number;
    presencePenalty?: number;
    maxOutputTokens?: number;
    stopSequences?: string[];
  };
  providerOptions?: SharedV3ProviderOptions;
}

export interface AiSdkProviderSpec {
  /** Maps the request (model, messages, normalised parameters) onto the SDK's call. */
  prepare(request: ProviderRequest): SdkCall;
  listModels(signal?: AbortSignal): Promise<string[]>;
  failureSource?: FailureSource;
}

/** A Provider over any AI SDK language model: streaming, one-shot completion, model list. */
export function createAiSdkProvider(spec: AiSdkProviderSpec): Provider {
  return {
    stream: (request) => streamAnswer(spec, request),
    async complete(request) {
      const call = spec.prepare(request);
      const result = await generateText({
        model: call.model,
        messages: call.messages,
        // The system message is the pipeline's own (instructions, prompt prefix), kept in the
        // message list so providers can mark it for caching; nothing else can add one.
        allowSystemInMessages: true,
        ...call.settings,
        providerOptions: call.providerOptions,
        abortSignal: request.signal,
        maxRetries: 0,
      });
      const u = result.usage;
      request.onUsage?.({
        ...(u.inputTokens !== undefined ? { inputTokens: u.inputTokens } : {}),
        ...(u.outputTokens !== undefined ? { outputTokens: u.outputTokens } : {}),
        ...(u.inputTokenDetails.cacheReadTokens
          ? { cacheReadTokens: u.inputTokenDetails.cacheReadTokens }
          : {}),
        ...(u.inputTokenDetails.cacheWriteTokens
          ? { cacheWriteTokens: u.inputTokenDetails.cacheWriteTokens }
          : {}),
      });
      return result.text;
    },
    listModels: (signal) => spec.listModels(signal),
  };
}

async function* streamAnswer(
  spec: AiSdkProviderSpec,
  request: ProviderRequest,
): AsyncIterable<ProviderEvent> {
  let started = false;
  try {
    const call = spec.prepare(request);
    for await (const event of streamDirect(call, request, request.signal)) {
      if (event.type === 'upstream-error') {
        if (!request.signal.aborted)
          yield { type: 'error', failure: describeFailure(event.error, started, spec.failureSource) };
        return;
      }
      if (event.type !== 'finish') started = true;
      yield event;
      if (event.type === 'finish') return;
    }
  } catch (error) {
    if (!request.signal.aborted)
      yield { type: 'error', failure: describeFailure(error, started, spec.failureSource) };
  }
}

/** A provider event, or a failure the caller turns into one (it knows whether output started). */
type StreamEvent = ProviderEvent | { type: 'upstream-error'; error: unknown };

/** Every provider builds a v3 model object; a model id string (the AI gateway) is not supported. */
function languageModelOf(model: SdkModel): LanguageModelV3 {
  if (typeof model !== 'object' || model.specificationVersion !== 'v3') {
    throw new Error('Parley streams from AI SDK v3 language model objects only');
  }
  return model as LanguageModelV3;
}

/**
 * Streams straight from the model's `doStream` rather than through `streamText`: that adds step,
 * tool-loop, telemetry and transform machinery the pipeline does not use, and measured about four
 * times the CPU per stream (about 4 ms against 1 ms for 20 tokens).
 */
async function* streamDirect(
  call: SdkCall,
  { tools, toolChoice }: Pick<ProviderRequest, 'tools' | 'toolChoice'>,
  signal: AbortSignal,
): AsyncIterable<StreamEvent> {
  const model = languageModelOf(call.model);
  const options: Parameters<LanguageModelV3['doStream']>[0] = {
    prompt: toPrompt(call.messages),
    ...call.settings,
    ...(tools?.length
      ? {
          tools: tools.map((t) => ({
            type: 'function' as const,
            name: t.name,
            description: t.description,
            inputSchema: t.inputSchema as JSONSchema7,
          })),
          toolChoice: sdkToolChoice(toolChoice),
        }
      : {}),
    providerOptions: call.providerOptions,
    abortSignal: signal,
  };
  // The request is sent again when the provider closed its kept-alive connection under it.
  const { stream } = await retryingStaleConnection(() => model.doStream(options), signal);
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      if (value.type === 'error') {
        yield { type: 'upstream-error', error: value.error };
        return;
      }
      const event = fromModelPart(value);
      if (event) yield event;
    }
  } finally {
    reader.releaseLock();
  }
}

/** The request's tool choice in the SDK's terms ("auto" when it names none). */
function sdkToolChoice(choice: ProviderToolChoice | undefined) {
  if (choice === undefined || typeof choice === 'string') return { type: choice ?? 'auto' } as const;
  return { type: 'tool' as const, toolName: choice.name };
}

/** A part of a ModelMessage's content as this conversion reads it. */
interface ContentPartLike {
  type: string;
  text?: string;
  image?: Uint8Array;
  mediaType?: string;
  providerOptions?: SharedV3ProviderOptions;
}

/**
 * Chat messages (text, pictures, tool calls and their results) in the model's prompt format (what
 * `streamText` would build).
 */
export function toPrompt(messages: ModelMessage[]): LanguageModelV3Prompt {
  return messages.map((m) => {
    const providerOptions = m.providerOptions ? { providerOptions: m.providerOptions } : {};
    if (m.role === 'system') return { role: 'system', content: m.content, ...providerOptions };
    // Tool results and the assistant's tool calls already have the prompt's part shapes.
    if (m.role === 'tool') return { role: 'tool', content: m.content, ...providerOptions };
    const content =
      typeof m.content === 'string'
        ? [{ type: 'text' as const, text: m.content }]
        : (m.content as ContentPartLike[]).map((part) =>
            // Pictures become the SDK's file parts; each provider writes them in its own format.
            part.type === 'image'
              ? {
                  type: 'file' as const,
                  data: part.image!,
                  mediaType: part.mediaType ?? 'image/png',
                  ...(part.providerOptions ? { providerOptions: part.providerOptions } : {}),
                }
              : part.type === 'tool-call'
                ? part
                : { type: 'text' as const, text: part.text ?? '' },
          );
    return { role: m.role as 'user' | 'assistant', content, ...providerOptions };
  }) as LanguageModelV3Prompt;
}

/** One model stream part as a provider event, or null for parts the pipeline does not use. */
export function fromModelPart(part: LanguageModelV3StreamPart): ProviderEvent | null {
  switch (part.type) {
    case 'text-delta':
      return part.delta ? { type: 'text', text: part.delta } : null;
    case 'reasoning-delta':
      return part.delta ? { type: 'reasoning', text: part.delta } : null;
    case 'tool-input-start':
      return { type: 'tool-call-start', id: part.id, name: part.toolName };
    case 'tool-input-delta':
      return { type: 'tool-call-delta', id: part.id, args: part.delta };
    case 'tool-call':
      return { type: 'tool-call', id: part.toolCallId, name: part.toolName, args: part.input || '{}' };
    case 'finish':
      return {
        type: 'finish',
        reason: finishReason(part.finishReason.unified, part.finishReason.raw),
        usage: {
          inputTokens: part.usage.inputTokens.total,
          outputTokens: part.usage.outputTokens.total,
          reasoningTokens: part.usage.outputTokens.reasoning,
          cacheReadTokens: part.usage.inputTokens.cacheRead,
          cacheWriteTokens: part.usage.inputTokens.cacheWrite,
        },
      };
    default:
      return null;
  }
}

/**
 * The finish reason in OpenAI's words, which the stored messages use. OpenAI-style providers'
 * raw reasons are already those; Anthropic's, Gemini's and Bedrock's are not, so they go through
 * the AI SDK's unified reason.
 */
function finishReason(unified: string, raw: string | undefined): string {
  if (raw && ['stop', 'length', 'tool_calls', 'content_filter', 'function_call'].includes(raw)) return raw;
  if (unified === 'tool-calls') return 'tool_calls';
  if (unified === 'content-filter') return 'content_filter';
  if (unified === 'other' || unified === 'unknown') return raw ?? unified;
  return unified;
}

/** The pipeline's messages as AI SDK messages (the system prompt stays a `system` message). */
export function toModelMessages(messages: ProviderMessage[]): ModelMessage[] {
  return messages.map((m) => {
    if (m.role === 'tool') return toolResultMessage(m);
    if (m.role === 'assistant' && m.toolCalls?.length) return toolCallMessage(m);
    if (m.role !== 'user' || !m.images?.length) return { role: m.role, content: m.content } as ModelMessage;
    // The SDK writes each provider's own image format (image_url, base64 source, inlineData, …).
    return {
      role: 'user',
      content: [
        ...(m.content ? [{ type: 'text' as const, text: m.content }] : []),
        ...m.images.map((image) => ({
          type: 'image' as const,
          image: image.data,
          mediaType: image.mediaType,
          ...(image.detail ? { providerOptions: { openai: { imageDetail: image.detail } } } : {}),
        })),
      ],
    } satisfies ModelMessage;
  });
}

/** An assistant turn that called tools: its text (if any), then one part per call. */
function toolCallMessage(m: ProviderMessage): ModelMessage {
  return {
    role: 'assistant',
    content: [
      ...(m.content ? [{ type: 'text' as const, text: m.content }] : []),
      ...m.toolCalls!.map((call) => ({
        type: 'tool-call' as const,
        toolCallId: call.id,
        toolName: call.name,
        input: parsedArguments(call.args),
      })),
    ],
  };
}

/** A tool's result, as the text the model reads. */
function toolResultMessage(m: ProviderMessage): ModelMessage {
  const call = m.toolResult ?? { id: '', name: '' };
  return {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: call.id,
        toolName: call.name,
        output: { type: 'text', value: m.content },
      },
    ],
  };
}

/**
 * A call's arguments as the object the provider sends back. Arguments that are not a JSON object
 * (a model's mistake, already answered with an error result) go back as an empty object: every
 * protocol wants an object there.
 */
function parsedArguments(args: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(args);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The standard call settings every AI SDK model understands. */
export function standardSettings(p: ProviderRequest['parameters']): SdkCall['settings'] {
  return {
    temperature: p.temperature,
    topP: p.topP,
    frequencyPenalty: p.frequencyPenalty,
    presencePenalty: p.presencePenalty,
    maxOutputTokens: p.maxOutputTokens,
    stopSequences: p.stopSequences?.length ? p.stopSequences : undefined,
  };
}

/**
 * Marks the system prompt and the last two user messages as cache breakpoints (Anthropic allows
 * four): the stable prefix of a conversation is then read from the cache on the next turn.
 */
export function markCacheBreakpoints(
  messages: ModelMessage[],
  options: SharedV3ProviderOptions,
): ModelMessage[] {
  const userIndexes = messages.flatMap((m, i) => (m.role === 'user' ? [i] : [])).slice(-2);
  return messages.map((m, i) =>
    m.role === 'system' || userIndexes.includes(i) ? ({ ...m, providerOptions: options } as ModelMessage) : m,
  );
}
