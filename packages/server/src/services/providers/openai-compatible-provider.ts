import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, streamText, type ModelMessage, type TextStreamPart, type ToolSet } from 'ai';
import { describeFailure } from './provider-failure.ts';
import type {
  ModelParameters,
  Provider,
  ProviderEvent,
  ProviderMessage,
  ProviderRequest,
} from './provider.ts';

export interface OpenAICompatibleOptions {
  /** Names the provider in logs and AI SDK metadata. */
  name: string;
  baseURL: string;
  apiKey?: string;
  headers?: Record<string, string>;
  /** Merged into every request body (parley.yaml `addParams`). */
  addParams?: Record<string, unknown>;
  /** Removed from every request body (parley.yaml `dropParams`). */
  dropParams?: string[];
}

// The AI SDK prints every call warning to the console by default; Parley logs through pino.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

/** An OpenAI Chat Completions speaker (custom endpoints, the Demo simulator) via the AI SDK. */
export function createOpenAICompatibleProvider(opts: OpenAICompatibleOptions): Provider {
  const { addParams, dropParams } = opts;
  const sdk = createOpenAICompatible({
    name: opts.name,
    baseURL: opts.baseURL,
    apiKey: opts.apiKey,
    headers: opts.headers,
    includeUsage: true,
    transformRequestBody:
      addParams || dropParams?.length ? (body) => adjustBody(body, addParams, dropParams) : undefined,
  });

  return {
    async *stream(request) {
      yield* streamAnswer(sdk(request.model), request);
    },
    async complete(request) {
      const { system, messages } = splitSystem(request.messages);
      const result = await generateText({
        model: sdk(request.model),
        system,
        messages,
        ...callSettings(request.parameters),
        abortSignal: request.signal,
        maxRetries: 0,
      });
      return result.text;
    },
    async listModels(signal) {
      const response = await fetch(`${opts.baseURL.replace(/\/+$/, '')}/models`, {
        headers: { ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}), ...opts.headers },
        signal,
      });
      if (!response.ok) throw new Error(`GET /models answered ${response.status}`);
      const body = (await response.json()) as { data?: { id?: unknown }[] };
      return (body.data ?? []).flatMap((m) => (typeof m.id === 'string' ? [m.id] : []));
    },
  };
}

function adjustBody(
  body: Record<string, unknown>,
  addParams: Record<string, unknown> | undefined,
  dropParams: string[] | undefined,
): Record<string, unknown> {
  const result = { ...body, ...addParams };
  for (const key of dropParams ?? []) delete result[key];
  return result;
}

type SdkModel = Parameters<typeof streamText>[0]['model'];

async function* streamAnswer(model: SdkModel, request: ProviderRequest): AsyncIterable<ProviderEvent> {
  const { system, messages } = splitSystem(request.messages);
  const result = streamText({
    model,
    system,
    messages,
    ...callSettings(request.parameters),
    abortSignal: request.signal,
    maxRetries: 0,
    // Errors arrive as `error` parts below; the default handler would only print them.
    onError: () => undefined,
  });
  let started = false;
  try {
    for await (const part of result.fullStream) {
      if (part.type === 'error') {
        if (!request.signal.aborted) yield { type: 'error', failure: describeFailure(part.error, started) };
        return;
      }
      const event = toProviderEvent(part);
      if (!event) continue;
      if (event.type !== 'finish') started = true;
      yield event;
      if (event.type === 'finish') return;
    }
  } catch (error) {
    if (!request.signal.aborted) yield { type: 'error', failure: describeFailure(error, started) };
  }
}

/** One AI SDK stream part as a provider event, or null for parts the pipeline does not use. */
export function toProviderEvent(part: TextStreamPart<ToolSet>): ProviderEvent | null {
  switch (part.type) {
    case 'text-delta':
      return part.text ? { type: 'text', text: part.text } : null;
    case 'reasoning-delta':
      return part.text ? { type: 'reasoning', text: part.text } : null;
    case 'tool-input-start':
      return { type: 'tool-call-start', id: part.id, name: part.toolName };
    case 'tool-input-delta':
      return { type: 'tool-call-delta', id: part.id, args: part.delta };
    case 'tool-call':
      return {
        type: 'tool-call',
        id: part.toolCallId,
        name: part.toolName,
        args: typeof part.input === 'string' ? part.input : JSON.stringify(part.input ?? {}),
      };
    case 'finish':
      return {
        type: 'finish',
        reason: part.rawFinishReason ?? openAIFinishReason(part.finishReason),
        usage: {
          inputTokens: part.totalUsage.inputTokens,
          outputTokens: part.totalUsage.outputTokens,
          reasoningTokens: part.totalUsage.outputTokenDetails?.reasoningTokens,
        },
      };
    default:
      return null;
  }
}

/** The AI SDK's finish reasons back in OpenAI's words, which the stored messages use. */
function openAIFinishReason(reason: string): string {
  if (reason === 'tool-calls') return 'tool_calls';
  if (reason === 'content-filter') return 'content_filter';
  return reason;
}

function splitSystem(messages: ProviderMessage[]): { system?: string; messages: ModelMessage[] } {
  const system = messages
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n\n');
  const rest = messages
    .filter((m) => m.role !== 'system')
    .map((m) => ({ role: m.role, content: m.content }) as ModelMessage);
  return { system: system || undefined, messages: rest };
}

function callSettings(p: ModelParameters) {
  return {
    temperature: p.temperature,
    topP: p.topP,
    frequencyPenalty: p.frequencyPenalty,
    presencePenalty: p.presencePenalty,
    maxOutputTokens: p.maxOutputTokens,
    stopSequences: p.stopSequences,
  };
}
