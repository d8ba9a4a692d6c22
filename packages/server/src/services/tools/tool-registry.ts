import { askUserTool } from './ask-user-tool.ts';
import type { Tool } from './tool.ts';
import { SignInWaits, type ToolSignIn } from './tool-sign-in.ts';
import type { CredentialTarget, ToolSource } from './tool-source.ts';

/**
 * The tools that exist on every server whatever its configuration; the server adds the ones that
 * need its parts (file search, code, web search, images) beside these.
 */
export const builtInTools: readonly Tool[] = [askUserTool];

/**
 * Looks tools up by name; built once per server (AppContext.tools). Built-in tools are the same
 * for everyone; a source (MCP servers) adds tools per user, so a run resolves its tools with
 * `resolve(userId, names)` and listings use `toolsFor(userId)`.
 */
export class ToolRegistry {
  private readonly byName = new Map<string, Tool>();
  private readonly sources: ToolSource[] = [];
  /** The OAuth sign-ins tool calls wait for; the sign-in callbacks settle them. */
  readonly signInWaits = new SignInWaits();

  constructor(tools: readonly Tool[] = builtInTools) {
    for (const tool of tools) this.add(tool);
  }

  /** Adds a tool; two tools of one name would make a model's call ambiguous. */
  add(tool: Tool): void {
    if (this.byName.has(tool.name)) throw new Error(`Two tools are named ${tool.name}`);
    this.byName.set(tool.name, tool);
  }

  addSource(source: ToolSource): void {
    this.sources.push(source);
  }

  get(name: string): Tool | undefined {
    return this.byName.get(name);
  }

  /** The built-in tools (the same for every user). */
  all(): Tool[] {
    return [...this.byName.values()];
  }

  /** Every tool `userId` can use now: the built-in ones and each source's for this user. */
  async toolsFor(userId: string): Promise<Tool[]> {
    const fromSources = await Promise.all(this.sources.map((s) => s.toolsFor(userId)));
    return [...this.byName.values(), ...fromSources.flat()];
  }

  /**
   * The tools of `names` that `userId` can use now, in that order; a name whose tool is not
   * available (its server unreachable) is left out, so the model is not offered it.
   */
  async resolve(userId: string, names: readonly string[]): Promise<Tool[]> {
    const builtIn = names.flatMap((n) => this.byName.get(n) ?? []);
    if (!names.some((n) => this.sources.some((s) => s.owns(n)))) return builtIn;
    const available = new Map((await this.toolsFor(userId)).map((t) => [t.name, t]));
    return names.flatMap((n) => available.get(n) ?? []);
  }

  /** The sources' instructions for a run that offers `toolNames` (none when no source has any). */
  async instructionsFor(userId: string, toolNames: readonly string[]): Promise<string[]> {
    const texts = await Promise.all(
      this.sources.map((s) => s.instructionsFor?.(userId, toolNames) ?? Promise.resolve([])),
    );
    return texts.flat();
  }

  /**
   * The sign-ins `userId` must do before the tools of `groups` (MCP servers) that a run was asked
   * for can be offered: one per group whose tools are not available until the user signs in.
   */
  async signInsFor(userId: string, groups: readonly string[]): Promise<ToolSignIn[]> {
    if (groups.length === 0) return [];
    const perSource = await Promise.all(
      this.sources.map((s) => s.signInsFor?.(userId, groups) ?? Promise.resolve([])),
    );
    return perSource.flat();
  }

  /** A tool's, or a source's credential target, by pluginKey (POST /api/user/plugins). */
  credentialTarget(pluginKey: string): CredentialTarget | undefined {
    const tool = this.byName.get(pluginKey);
    if (tool)
      return {
        pluginKey: tool.credentialsKey ?? pluginKey,
        name: tool.name,
        authConfig: tool.authConfig,
        ...(tool.choices ? { choices: tool.choices } : {}),
      };
    for (const source of this.sources) {
      const target = source.credentialTarget(pluginKey);
      if (target) return target;
    }
    return undefined;
  }

  /** The names in `names` that are no tool here nor any source's. */
  unknown(names: readonly string[]): string[] {
    return names.filter((n) => !this.byName.has(n) && !this.sources.some((s) => s.owns(n)));
  }
}
