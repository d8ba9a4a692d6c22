import type { ContentPart, Conversation, Message } from '../conversation.ts';
import type { PendingToolApproval } from '../tool-approval.ts';

/**
 * The chat stream's events, as the server writes them and the web reads them. Each is one SSE
 * `data:` line of JSON; its SSE event name is `message` unless it is an error (`error`) or an
 * attachment (`attachment`). A new event kind is added here (its type and its schema in
 * `event-schemas.ts`) and, if it changes the answer's content, in `step-fold.ts`.
 */

/** A tool call as a `tool_calls` run step announces it (arguments still empty). */
export interface ToolCallStub {
  id: string;
  name: string;
  args: string;
  type: 'tool_call';
}

/** `on_run_step`: a new step writing to content part `index`; `runId` is the answer's id. */
export interface RunStepData {
  id: string;
  runId: string;
  index: number;
  stepIndex: number;
  type: 'message_creation' | 'tool_calls';
  stepDetails: { type: 'message_creation' | 'tool_calls'; tool_calls?: ToolCallStub[] };
}

/** `on_message_delta`: text appended to the step's part. */
export interface MessageDeltaData {
  id: string;
  delta: { content: { type: 'text'; text: string }[] };
}

/** `on_reasoning_delta`: reasoning appended to the step's part. */
export interface ReasoningDeltaData {
  id: string;
  delta: { content: { type: 'think'; think: string }[] };
}

/** `on_run_step_delta`: a chunk of a tool call's arguments. */
export interface RunStepDeltaData {
  id: string;
  delta: {
    type: 'tool_calls';
    tool_calls: { name?: string; args: string; index?: number }[];
    /**
     * The call waits for the user to sign in: `plugin:<pluginKey>` (credentials stored in Parley)
     * or an http(s) authorization URL (OAuth, opened in a popup). Kept on the part until the call
     * completes.
     */
    auth?: string;
    /** When the sign-in offer ends, epoch milliseconds; set to the moment it ended once it did. */
    expires_at?: number;
    /** How far a running call got (Parley: from a tool's progress reports), below 1. */
    progress?: number;
    /** What a running call is doing now, as the tool said. */
    progress_message?: string;
    /** Parley: the call waits for the user's approval or answer (docs/protocol.md). */
    approval?: PendingToolApproval;
  };
}

/** `on_run_step_completed`: a tool call with its output; replaces the part at `index`. */
export interface RunStepCompletedData {
  result: {
    id: string;
    index: number;
    tool_call: {
      id: string;
      name: string;
      args: string;
      output?: string;
      progress?: number;
      type: 'tool_call';
    };
  };
}

/**
 * `on_agent_update`: the agent answering from part `index` on. `agentName` (Parley's addition, absent
 * when the agent has none) lets a reader who cannot look the agent up still see who spoke.
 */
export interface AgentUpdateData {
  agent_update: { index: number; runId: string; agentId: string; agentName?: string };
}

/**
 * `on_content_part` (Parley): a whole part at `index`, today a picture a tool made (`image_file`
 * with the stored file's path and size).
 */
export interface ContentPartData {
  index: number;
  part: {
    type: 'image_file';
    image_file: {
      file_id: string;
      filepath: string;
      filename: string;
      type: string;
      width?: number;
      height?: number;
    };
  };
}

/** A step event: its name and the data that name carries. */
export type StepEvent =
  | { event: 'on_run_step'; data: RunStepData }
  | { event: 'on_message_delta'; data: MessageDeltaData }
  | { event: 'on_reasoning_delta'; data: ReasoningDeltaData }
  | { event: 'on_run_step_delta'; data: RunStepDeltaData }
  | { event: 'on_run_step_completed'; data: RunStepCompletedData }
  | { event: 'on_agent_update'; data: AgentUpdateData }
  | { event: 'on_content_part'; data: ContentPartData };

/** Names of the step events. */
export type StepEventName = StepEvent['event'];

/** The saved user message with its real ids, before anything else. */
export interface CreatedEvent {
  created: true;
  message: Pick<Message, 'messageId' | 'parentMessageId' | 'conversationId' | 'sender' | 'text'> & {
    isCreatedByUser: true;
  };
}

/**
 * The last event of a stream that ended with a saved answer. `conversation` is absent only when
 * an answer left as it was is re-announced (a lost continuation with nothing new to save).
 */
export interface FinalEvent {
  final: true;
  title?: string;
  conversation?: Conversation;
  requestMessage: Message;
  responseMessage: Message;
  /**
   * **Parley**: the memory step runs after this answer; what it changes is fetched from
   * `GET /api/messages/{conversationId}/{messageId}/memory` (which waits for it).
   */
  memoryPending?: true;
  /**
   * Every message of the conversation, parents before children, after a continue that named its
   * answer as LibreChat's client does (`"<answer id>_"`): that client shows these instead of its
   * own list, so the continued answer appears once.
   */
  runMessages?: Message[];
}

/** The last event of a stream that failed; SSE event name `error`. */
export interface ErrorEvent {
  error: true;
  final: true;
  /** The answer's id. */
  messageId: string;
  conversationId: string;
  /** The user message the answer replies to. */
  parentMessageId: string;
  /** A message, or a JSON string such as `{"type":"no_user_key"}`. */
  text: string;
}

/** The answer so far, sent first to a client that re-attaches to a running generation. */
export interface ResumeState {
  responseMessageId: string;
  content: ContentPart[];
  requestMessage: CreatedEvent['message'];
  /** The steps so far, so that later deltas find the part they write to. */
  runSteps?: RunStepData[];
  /** Who is answering (the answer's label: model, preset or agent name), its endpoint and model. */
  sender?: string;
  endpoint?: string;
  model?: string;
}

/** First event of a resumed stream (`GET /api/agents/chat/stream/{id}?resume=true`). */
export interface SyncEvent {
  sync: true;
  resumeState: ResumeState;
}

/** A file or typed result the answer produced; SSE event name `attachment`. */
export type AttachmentEvent = Record<string, unknown> & { type?: string; file_id?: string };

export type StreamEvent = CreatedEvent | StepEvent | FinalEvent | ErrorEvent | SyncEvent;

/** The SSE comment the server writes while a stream is idle. */
export const STREAM_PING_INTERVAL_MS = 15_000;
