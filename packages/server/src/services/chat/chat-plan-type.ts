import type { ChatEndpoint } from '../endpoints/endpoint.ts';
import type { AnswerDelivery } from '../generation/generation-job.ts';
import type { ModelCall } from '../generation/model-call.ts';
import type { ChainTurn } from '../agents/agent-chain-run.ts';
import type { ToolRunSetup } from '../tools/tool-loop.ts';
import type { Exchange } from './chat-exchange.ts';
import type { ResponseToSave } from './chat-persistence.ts';

/**
 * Everything one chat request was resolved to before anything is written or any lock taken: the
 * endpoint and model, the call that goes upstream (provider or why there is none, parameters in
 * range, the branch trimmed to the context window with its pictures), the request's place in the
 * conversation tree and what the answer's save will write. Plain data: the start step carries it
 * out, and whatever checks a request before it starts (a balance, an agent's tools) reads it.
 * planChat (chat-plan.ts) makes it; the type stands apart so that what only reads a plan (the
 * engine's checks and hooks, the start, the completion) does not import the planning.
 */
export interface ChatPlan {
  userId: string;
  endpoint: ChatEndpoint;
  model: string;
  /** What the generation sends upstream. */
  call: ModelCall;
  /** The prompt's tokens as counted before the request (the balance's estimate). */
  promptTokens: number;
  conversation: PlannedConversation;
  /** The request message, the answer's id, the answer being continued, and the write to make. */
  exchange: Exchange;
  answer: PlannedAnswer;
  /** The client asked for the generation to outlive its streams. */
  resumable: boolean;
  /** Streaming turned off for the conversation, and the endpoint's pace; plain streaming when absent. */
  delivery?: AnswerDelivery;
  /** The tool run, when the request has tools (an agent's, or those the user turned on). */
  toolRun?: ToolRunSetup;
  /** The agent answering, on the agents endpoint. */
  agent?: { id: string; name: string };
  /** The agents that answer after it, in turn (an agent chain). */
  chain?: ChainTurn[];
  /**
   * The memory step follows the answer: configured, allowed for this user, and neither a
   * temporary chat (which keeps nothing) nor a second answer (the first one's step reads the same
   * exchange).
   */
  memoryStep: boolean;
  /**
   * The second answer of a multi-conversation message: it answers the main plan's request message
   * in a lane of its own, and leaves the conversation's setup and title to the main answer.
   */
  added?: boolean;
  /**
   * A second answer regenerated on its own, beside a first answer that is not answered again: it
   * is the conversation's only generation, so it runs in the conversation's own lane (stop,
   * resume and the busy check find it there as for any answer).
   */
  alone?: boolean;
}

export interface PlannedConversation {
  conversationId: string;
  /** False when this request creates the conversation (with its request message). */
  exists: boolean;
  /** The columns the answer's save writes on the conversation row. */
  fields: ResponseToSave['conversation'];
}

export interface PlannedAnswer {
  /** The name the answer is shown under (the model label, or the endpoint's). */
  sender: string;
  /** Metadata saved with the answer (the client's icon for it). */
  metadata: Record<string, unknown>;
  /** The first answer of a new conversation gets a title. */
  wantsTitle: boolean;
}
