import type { PermissionType } from '@parley/schema';
import { Code2, FileSearch, Globe, ImageIcon, type LucideIcon } from 'lucide-react';
import { useStartupConfig } from '../../api/startup-queries';
import { useAgentTools } from '../agents';
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

/** The tools this user may turn on here: on the server, allowed by the interface and the role. */
export function useAvailableTools(enabled: boolean): ChatTool[] {
  const { data: config } = useStartupConfig();
  const { data: tools = [] } = useAgentTools(enabled);
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
      (TOOL_GATES[tool].flag === undefined ||
        (config?.interface as Record<string, unknown> | undefined)?.[TOOL_GATES[tool].flag] !== false),
  );
}
