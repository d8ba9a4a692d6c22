import { clsx } from 'clsx';
import { Plug } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/startup-queries';
import { Popover, PopoverHeading } from '../../components/ui/popover';
import { McpServerRow } from './mcp-server-row';
import { useMcpSelection } from './mcp-selection';
import { useMcpInitialize } from './use-mcp-initialize';

/**
 * The MCP picker of the chat input: the servers parley.yaml offers in the chat menu, each with
 * its state (connecting, Active, OAuth required, offline, error), a check to use its tools in
 * this conversation (a server not connected is initialized first and chosen once it connects; a
 * failure opens the config dialog of a server that asks for values, see mcp-pick.ts), initialize / sign in (with cancel while the sign-in is open) and the
 * credential dialog of a server that asks for values.
 */
export default function McpPicker({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const { data: config } = useStartupConfig();
  const servers = Object.entries(config?.mcpServers ?? {}).filter(([, s]) => s.chatMenu);
  const selected = useMcpSelection((s) => s.byConversation[conversationId] ?? s.last);
  const toggle = useMcpSelection((s) => s.toggle);
  const select = useMcpSelection((s) => s.select);
  const flow = useMcpInitialize();
  if (servers.length === 0) return null;
  // parley.yaml's `interface.mcpServers.placeholder` names the picker, else the generic label.
  const label = config?.interface.mcpServers?.placeholder ?? t('com_ui_mcp_servers');
  const count = selected.filter((n) => servers.some(([name]) => name === n)).length;
  return (
    <Popover
      side="top"
      sideOffset={8}
      className="w-80 p-2"
      testId="mcp-picker-menu"
      trigger={
        <button
          type="button"
          aria-label={label}
          data-testid="mcp-picker"
          className={clsx(
            'flex h-10 shrink-0 items-center gap-1 rounded-full px-2.5 text-sm hover:bg-surface',
            count > 0 ? 'text-accent' : 'text-fg-subtle hover:text-fg',
          )}
        >
          <Plug className="size-5" aria-hidden />
          {count > 0 && <span data-testid="mcp-picker-count">{count}</span>}
        </button>
      }
    >
      <PopoverHeading>{label}</PopoverHeading>
      <ul className="space-y-0.5">
        {servers.map(([name, info]) => (
          <McpServerRow
            key={name}
            name={name}
            info={info}
            status={flow.status[name]}
            selection={{
              selected: selected.includes(name),
              onSelect: (on) =>
                on ? select(conversationId, name) : selected.includes(name) && toggle(conversationId, name),
            }}
            flow={flow}
          />
        ))}
      </ul>
    </Popover>
  );
}
