// Drives the `openai` SDK against the simulator and gathers what a stream delivered.
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';

export interface CollectedToolCall {
  id?: string;
  name?: string;
  arguments: string;
}

export interface OpenAICollected {
  text: string;
  reasoning: string;
  toolCalls: CollectedToolCall[];
  finishReason: string | null;
  usage?: OpenAI.CompletionUsage | null;
  roles: string[];
  chunkIds: Set<string>;
  /** ms from the request to the first content or reasoning delta. */
  firstDeltaMs?: number;
  totalMs: number;
}

export function openAIClient(baseURL: string, apiKey = 'x'): OpenAI {
  // No retries: 429/500 must surface at once instead of being retried after `retry-after`.
  return new OpenAI({ baseURL, apiKey, maxRetries: 0 });
}

type StreamParams = Omit<ChatCompletionCreateParamsStreaming, 'stream'> & { sim?: object };

export async function collectOpenAI(
  client: OpenAI,
  params: StreamParams,
  headers: Record<string, string> = {},
): Promise<OpenAICollected> {
  const startedAt = performance.now();
  const stream = await client.chat.completions.create(
    {
      stream_options: { include_usage: true },
      ...params,
      stream: true,
    } as ChatCompletionCreateParamsStreaming,
    { headers },
  );
  const result: OpenAICollected = {
    text: '',
    reasoning: '',
    toolCalls: [],
    finishReason: null,
    roles: [],
    chunkIds: new Set(),
    totalMs: 0,
  };
  for await (const chunk of stream) {
    result.chunkIds.add(chunk.id);
    if (chunk.usage) result.usage = chunk.usage;
    const choice = chunk.choices[0];
    if (!choice) continue;
    const delta = choice.delta as typeof choice.delta & { reasoning_content?: string };
    if (delta.role) result.roles.push(delta.role);
    if ((delta.content || delta.reasoning_content) && result.firstDeltaMs === undefined) {
      result.firstDeltaMs = performance.now() - startedAt;
    }
    result.text += delta.content ?? '';
    result.reasoning += delta.reasoning_content ?? '';
    for (const call of delta.tool_calls ?? []) {
      const target = (result.toolCalls[call.index] ??= { arguments: '' });
      if (call.id) target.id = call.id;
      if (call.function?.name) target.name = call.function.name;
      target.arguments += call.function?.arguments ?? '';
    }
    if (choice.finish_reason) result.finishReason = choice.finish_reason;
  }
  result.totalMs = performance.now() - startedAt;
  return result;
}

export function user(content: string) {
  return [{ role: 'user' as const, content }];
}
