import type { ToolAuthField } from '@parley/schema';
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
  /** Credentials each user must store before the tool runs for them; empty when none. */
  authConfig: ToolAuthField[];
  icon?: string;
  run(input: z.infer<Input>, context: ToolRunContext): Promise<unknown>;
}
