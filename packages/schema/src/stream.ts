import type { ContentPart, Conversation, Message } from './conversation.ts';

/**
 * The chat stream's events (PROTOCOL.md). Each is one SSE `data:` line; `event: message` unless
 * it is an error (`event: error`).
 */

/** Names of the step events. */
export type StepEventName =
  | 'on_run_step'
  | 'on_message_delta'
  | 'on_reasoning_delta'
  | 'on_run_step_delta'
  | 'on_run_step_completed'
  | 'on_agent_update';

export interface ToolCallStub {
  id: string;
  name: string;
  args: string;
  type: 'tool_call';
}

export interface RunStep {
  id: string;
  runId: string;
  index: number;
  stepIndex: number;
  type: 'message_creation' | 'tool_calls';
  stepDetails: { type: 'message_creation' | 'tool_calls'; tool_calls?: ToolCallStub[] };
}

export interface CreatedEvent {
  created: true;
  message: Pick<Message, 'messageId' | 'parentMessageId' | 'conversationId' | 'sender' | 'text'> & {
    isCreatedByUser: true;
  };
}

export interface StepEvent {
  event: StepEventName;
  data: unknown;
}

export interface FinalEvent {
  final: true;
  title?: string;
  conversation: Conversation;
  requestMessage: Message;
  responseMessage: Message;
}

export interface ErrorEvent {
  error: true;
  final: true;
  messageId: string;
  conversationId: string;
  parentMessageId: string;
  /** A message, or a JSON string such as `{"type":"no_user_key"}`. */
  text: string;
}

/** First event of a resumed stream (`GET /api/agents/chat/stream/{id}?resume=true`). */
export interface SyncEvent {
  sync: true;
  resumeState: {
    responseMessageId: string;
    content: ContentPart[];
    requestMessage: CreatedEvent['message'];
  };
}

export type StreamEvent = CreatedEvent | StepEvent | FinalEvent | ErrorEvent | SyncEvent;

/** The SSE comment the server writes while a stream is idle. */
export const STREAM_PING_INTERVAL_MS = 15_000;
