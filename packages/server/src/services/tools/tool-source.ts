import type { ToolAuthField, ToolChoice } from '@parley/schema';
import type { Tool } from './tool.ts';
import type { ToolSignIn } from './tool-sign-in.ts';

/**
 * Credentials that belong to a group of tools rather than one (an MCP server's custom user
 * variables): saved and removed through POST /api/user/plugins under their own pluginKey.
 */
export interface CredentialTarget {
  pluginKey: string;
  name: string;
  authConfig: ToolAuthField[];
  choices?: ToolChoice[];
  /** Called after the user saved or removed them (e.g. to reconnect with the new values). */
  changed?(userId: string): Promise<void>;
}

/**
 * Tools that are not the same for every user and every moment: an MCP server's tools exist over
 * a connection (the user's own, for a server with per-user credentials) and change when the server
 * says so. The registry asks its sources when it lists or resolves a user's tools.
 */
export interface ToolSource {
  /** Whether a tool name is this source's, even while its server cannot be reached. */
  owns(name: string): boolean;
  /** The source's tools as `userId` can use them now (connecting on first use). */
  toolsFor(userId: string): Promise<Tool[]>;
  credentialTarget(pluginKey: string): CredentialTarget | undefined;
  /**
   * What the model should be told about using these tools (an MCP server's `serverInstructions`),
   * one text per group of tools among `toolNames` that has some.
   */
  instructionsFor?(userId: string, toolNames: readonly string[]): Promise<string[]>;
  /**
   * The sign-ins the user must do before the tools of these groups (MCP servers among `groups`)
   * can be listed at all; none for a group whose tools are available or that needs no sign-in.
   */
  signInsFor?(userId: string, groups: readonly string[]): Promise<ToolSignIn[]>;
}
