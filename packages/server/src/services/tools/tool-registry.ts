import type { Tool } from './tool.ts';

/**
 * The tools that exist on this server. Each tool issue adds its tool to `builtInTools`; until one
 * lands the list is empty and every API that lists tools answers an empty list rather than a
 * tool that cannot run.
 */
export const builtInTools: readonly Tool[] = [];

/** Looks tools up by name; built once per server (AppContext.tools). */
export class ToolRegistry {
  private readonly byName = new Map<string, Tool>();

  constructor(tools: readonly Tool[] = builtInTools) {
    for (const tool of tools) this.add(tool);
  }

  /** Adds a tool; two tools of one name would make a model's call ambiguous. */
  add(tool: Tool): void {
    if (this.byName.has(tool.name)) throw new Error(`Two tools are named ${tool.name}`);
    this.byName.set(tool.name, tool);
  }

  get(name: string): Tool | undefined {
    return this.byName.get(name);
  }

  all(): Tool[] {
    return [...this.byName.values()];
  }

  /** The names in `names` that are no tool here. */
  unknown(names: readonly string[]): string[] {
    return names.filter((n) => !this.byName.has(n));
  }
}
