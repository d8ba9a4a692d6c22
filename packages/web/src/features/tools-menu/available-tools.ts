import type { PermissionType } from '@parley/schema';
import { Code2, FileSearch, Globe, ImageIcon, type LucideIcon } from 'lucide-react';
import { useEndpoints } from '../../api/chat-api';
import { useStartupConfig } from '../../api/startup-queries';
import { capabilitiesOf, useAgentTools } from '../agents';
import { useHasPermission } from '../auth';
import { CHAT_TOOLS, type ChatTool } from './tool-selection';

/**
 * What each tool needs beyond existing on the server: its interface flag and role feature (the
 * image generation tools have neither: the server offers each when its key is configured).
 */
export const TOOL_GATES: Record<
  ChatTool,
  { flag?: 'fileSearch' | 'webSearch' | 'runCode'; feature?: PermissionType; icon: LucideIcon }
> = {
  file_search: { flag: 'fileSearch', feature: 'FILE_SEARCH', icon: FileSearch },
  web_search: { flag: 'webSearch', feature: 'WEB_SEARCH', icon: Globe },
  execute_code: { flag: 'runCode', feature: 'RUN_CODE', icon: Code2 },
  image_gen_oai: { icon: ImageIcon },
  gemini_image_gen: { icon: ImageIcon },
};

/**
 * The agents capability each built-in tool needs: an ordinary chat's tools run as an agent of the
 * moment, so parley.yaml's `endpoints.agents.capabilities` applies (the server ignores a tool whose
 * capability is off). The image tools need none of their own.
 */
const TOOL_CAPABILITY: Partial<Record<ChatTool, string>> = {
  file_search: 'file_search',
  web_search: 'web_search',
  execute_code: 'execute_code',
};

/** True when the reported capabilities allow the tool (null: the server reports none, so all). */
export function capabilityAllows(tool: ChatTool, capabilities: readonly string[] | null): boolean {
  const needed = TOOL_CAPABILITY[tool];
  return !needed || !capabilities || capabilities.includes(needed);
}

/**
 * The tools this user may turn on here: on the server, allowed by the interface, the agents
 * capabilities and the role.
 */
export function useAvailableTools(enabled: boolean): ChatTool[] {
  const { data: config } = useStartupConfig();
  const { data: tools = [] } = useAgentTools(enabled);
  const capabilities = capabilitiesOf(useEndpoints().data);
  const permitted = {
    file_search: useHasPermission('FILE_SEARCH', 'USE'),
    web_search: useHasPermission('WEB_SEARCH', 'USE'),
    execute_code: useHasPermission('RUN_CODE', 'USE'),
    image_gen_oai: true,
    gemini_image_gen: true,
  } satisfies Record<ChatTool, boolean>;
  const onServer = new Set(tools.map((t) => t.pluginKey));
  return CHAT_TOOLS.filter(
    (tool) =>
      onServer.has(tool) &&
      permitted[tool] &&
      capabilityAllows(tool, capabilities) &&
      (TOOL_GATES[tool].flag === undefined ||
        (config?.interface as Record<string, unknown> | undefined)?.[TOOL_GATES[tool].flag] !== false),
  );
}
