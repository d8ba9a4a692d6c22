import type { ParleyFile, ToolApprovalPolicy, ToolAuthField, ToolChoice } from '@parley/schema';
import type { z } from 'zod';

/**
 * What a tool gets when the tool loop runs it: who asked, in which conversation, the caller's
 * stored credentials for this tool, and a signal that fires when the user stops the run.
 */
export interface ToolRunContext {
  userId: string;
  conversationId: string;
  /** The decrypted values of the tool's `authConfig` fields, by field name. */
  credentials: Record<string, string>;
  signal: AbortSignal;
  /** Tells the user how far the call got while it runs (an MCP server's progress notifications). */
  reportProgress?(progress: ToolProgress): void;
  /**
   * Asks the user a question and waits for their answer (the `ask_user` tool). Absent when the
   * client cannot answer (it did not opt in to resumable streams); rejects with `RunEndedWaiting`
   * when nobody answered in time.
   */
  ask?(question: string, choices: readonly string[]): Promise<string>;
}

/**
 * How far a running call got: `progress` out of `total` when the tool knows the whole, and a line
 * saying what it is doing.
 */
export interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
}

/**
 * One tool an agent can call. Every built-in tool (file search, code execution, web search, …)
 * implements this and is added to `builtInTools` in `tool-registry.ts`; the tool loop validates a
 * model's arguments with `input` before `run` ever sees them.
 */
export interface Tool<Input extends z.ZodType = z.ZodType> {
  /** The id agents list in `tools` and models call; also the `pluginKey` of its credentials. */
  name: string;
  description: string;
  input: Input;
  /**
   * The arguments' JSON schema as the model sees it; derived from `input` when absent. A tool whose
   * schema arrives as JSON Schema (an MCP server's, an OpenAPI operation's) gives it here and a
   * permissive `input` (or one built from it).
   */
  inputSchema?: Record<string, unknown>;
  /** Credentials each user must store before the tool runs for them; empty when none. */
  authConfig: ToolAuthField[];
  /** What each user picks among (stored with their credentials), when the configuration leaves it open. */
  choices?: ToolChoice[];
  /**
   * The pluginKey its credentials are stored under, when tools share one set (image generation and
   * editing use one key); the tool's own name otherwise.
   */
  credentialsKey?: string;
  icon?: string;
  /** The MCP server the tool comes from: a chat's `ephemeralAgent.mcp` turns on a server's tools. */
  server?: string;
  /** How long one call may run before it is stopped and reported as timed out (default 60 s). */
  timeoutMs?: number;
  /**
   * Whether its calls need the user's approval when nothing else says (default `run`): Actions
   * that change things and MCP tools annotated destructive say `ask`.
   */
  approval?: ToolApprovalPolicy;
  /**
   * The operator's policy for it (parley.yaml's `mcpServers.<name>.toolApproval`): it replaces the
   * default, and an agent's own setting may make it stricter but never looser.
   */
  operatorApproval?: ToolApprovalPolicy;
  /** Its run waits for the user (`ask_user`): the approval wait limits it, not `timeoutMs`. */
  waitsForUser?: boolean;
  run(input: z.infer<Input>, context: ToolRunContext): Promise<unknown>;
}

/**
 * A tool's result that carries files it made for the user (code execution's outputs): `value` is
 * what the model reads (as any result), `files` the stored files, each announced to the client as
 * an `attachment` stream event and saved in the answer's `attachments`.
 */
export class ToolAnswerWithFiles {
  constructor(
    readonly value: unknown,
    readonly files: ParleyFile[],
  ) {}
}

/**
 * A tool's result that carries pictures: `text` is the output the model reads and the user sees;
 * each of `images` (stored files) becomes a picture part of the answer after the tool call.
 */
export class ToolAnswerWithImages {
  constructor(
    readonly text: string,
    readonly images: ParleyFile[],
  ) {}
}
