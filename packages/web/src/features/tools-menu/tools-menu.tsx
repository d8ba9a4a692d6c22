import type { PermissionType } from '@parley/schema';
import { clsx } from 'clsx';
import { Check, Code2, FileSearch, Globe, Wrench, X, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/startup-queries';
import { Popover, PopoverHeading } from '../../components/ui/popover';
import { useAgentTools } from '../agents';
import { useHasPermission } from '../auth';
import { CHAT_TOOLS, useSelectedTools, useToolSelection, type ChatTool } from './tool-selection';

/** What each tool needs beyond existing on the server: its interface flag and role feature. */
const TOOL_GATES: Record<
  ChatTool,
  { flag: 'fileSearch' | 'webSearch' | 'runCode'; feature: PermissionType; icon: LucideIcon }
> = {
  file_search: { flag: 'fileSearch', feature: 'FILE_SEARCH', icon: FileSearch },
  web_search: { flag: 'webSearch', feature: 'WEB_SEARCH', icon: Globe },
  execute_code: { flag: 'runCode', feature: 'RUN_CODE', icon: Code2 },
};

/** The tools this user may turn on here: on the server, allowed by the interface and the role. */
function useAvailableTools(enabled: boolean): ChatTool[] {
  const { data: config } = useStartupConfig();
  const { data: tools = [] } = useAgentTools(enabled);
  const permitted = {
    file_search: useHasPermission('FILE_SEARCH', 'USE'),
    web_search: useHasPermission('WEB_SEARCH', 'USE'),
    execute_code: useHasPermission('RUN_CODE', 'USE'),
  } satisfies Record<ChatTool, boolean>;
  const onServer = new Set(tools.map((t) => t.pluginKey));
  return CHAT_TOOLS.filter(
    (tool) =>
      onServer.has(tool) &&
      permitted[tool] &&
      (config?.interface as Record<string, unknown> | undefined)?.[TOOL_GATES[tool].flag] !== false,
  );
}

/**
 * The chat input's tools menu and badges (001 §2): in an ordinary chat the user turns built-in
 * tools on for this conversation (all off at first); each one on shows as a badge that turns it
 * off again. Agent chats use their agent's tools, so the menu is not shown there.
 */
export function ToolsMenu({ conversationId, enabled }: { conversationId: string; enabled: boolean }) {
  const { t } = useTranslation();
  const available = useAvailableTools(enabled);
  const selected = useSelectedTools(conversationId).filter((tool) => available.includes(tool));
  const toggle = useToolSelection((s) => s.toggle);
  if (!enabled || available.length === 0) return null;
  return (
    <>
      <Popover
        side="top"
        sideOffset={8}
        className="w-64 p-2"
        testId="tools-menu-list"
        trigger={
          <button
            type="button"
            aria-label={t('com_ui_tools')}
            data-testid="tools-menu"
            className={clsx(
              'flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-surface',
              selected.length > 0 ? 'text-accent' : 'text-fg-subtle hover:text-fg',
            )}
          >
            <Wrench className="size-5" aria-hidden />
          </button>
        }
      >
        <PopoverHeading>{t('com_ui_tools')}</PopoverHeading>
        {available.map((tool) => {
          const Icon = TOOL_GATES[tool].icon;
          const on = selected.includes(tool);
          return (
            <button
              key={tool}
              type="button"
              role="menuitemcheckbox"
              aria-checked={on}
              onClick={() => toggle(conversationId, tool)}
              className="flex w-full items-center gap-2 rounded-lg px-2 py-2 text-start text-sm hover:bg-surface-muted"
              data-testid={`tools-menu-${tool}`}
            >
              <Icon className="size-4 text-fg-subtle" aria-hidden />
              <span className="flex-1">{t(`com_ui_tool_${tool}`)}</span>
              {on && <Check className="size-4 text-accent" aria-hidden />}
            </button>
          );
        })}
      </Popover>
      {selected.map((tool) => {
        const Icon = TOOL_GATES[tool].icon;
        return (
          <span
            key={tool}
            className="flex h-8 shrink-0 items-center gap-1 self-center rounded-full border border-accent/40 bg-accent/10 ps-2.5 pe-1 text-xs text-accent"
            data-testid={`tool-badge-${tool}`}
          >
            <Icon className="size-3.5" aria-hidden />
            {t(`com_ui_tool_${tool}`)}
            <button
              type="button"
              onClick={() => toggle(conversationId, tool)}
              aria-label={t('com_ui_tool_turn_off', { tool: t(`com_ui_tool_${tool}`) })}
              className="rounded-full p-0.5 hover:bg-accent/20"
            >
              <X className="size-3" aria-hidden />
            </button>
          </span>
        );
      })}
    </>
  );
}
