import type { McpServerInfo, McpServerStatus } from '@parley/schema';
import { clsx } from 'clsx';
import { Check, KeyRound, Loader2, Plug, RefreshCw, Settings2, X } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/startup-queries';
import { useMcpAuthValues } from './mcp-api';
import { McpConfigDialog } from './mcp-config-dialog';
import { useMcpSelection } from './mcp-selection';
import { useMcpInitialize } from './use-mcp-initialize';

/**
 * The MCP picker of the chat input: the servers parley.yaml offers in the chat menu, each with
 * its state (connecting, Active, OAuth required, offline, error), a check to use its tools in
 * this conversation, initialize / sign in (with cancel while the sign-in is open) and the
 * credential dialog of a server that asks for values.
 */
export default function McpPicker({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const { data: config } = useStartupConfig();
  const servers = Object.entries(config?.mcpServers ?? {}).filter(([, s]) => s.chatMenu);
  const selected = useMcpSelection((s) => s.byConversation[conversationId] ?? s.last);
  const toggle = useMcpSelection((s) => s.toggle);
  const flow = useMcpInitialize();
  if (servers.length === 0) return null;
  const count = selected.filter((n) => servers.some(([name]) => name === n)).length;
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label={t('com_ui_mcp_servers')}
          data-testid="mcp-picker"
          className={clsx(
            'flex h-10 shrink-0 items-center gap-1 rounded-full px-2.5 text-sm hover:bg-surface',
            count > 0 ? 'text-accent' : 'text-fg-subtle hover:text-fg',
          )}
        >
          <Plug className="size-5" aria-hidden />
          {count > 0 && <span data-testid="mcp-picker-count">{count}</span>}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={8}
          className="z-50 w-80 rounded-xl border border-border bg-surface-raised p-2 shadow-lg"
          data-testid="mcp-picker-menu"
        >
          <p className="px-2 pb-1 text-xs font-medium text-fg-subtle">{t('com_ui_mcp_servers')}</p>
          <ul className="space-y-0.5">
            {servers.map(([name, info]) => (
              <McpServerRow
                key={name}
                name={name}
                info={info}
                status={flow.status[name]}
                selected={selected.includes(name)}
                onToggle={() => toggle(conversationId, name)}
                flow={flow}
              />
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function McpServerRow(props: {
  name: string;
  info: McpServerInfo;
  status: McpServerStatus | undefined;
  selected: boolean;
  onToggle: () => void;
  flow: ReturnType<typeof useMcpInitialize>;
}) {
  const { name, info, status, selected, onToggle, flow } = props;
  const { t } = useTranslation();
  const [configuring, setConfiguring] = useState(false);
  const hasVars = Object.keys(info.customUserVars).length > 0;
  const flags = useMcpAuthValues(name, hasVars);
  const authenticated = hasVars && Object.values(flags.data ?? {}).every(Boolean) && Boolean(flags.data);
  const initializing = flow.isInitializing(name);
  const state = initializing ? 'connecting' : (status?.connectionState ?? 'disconnected');
  return (
    <li
      className="flex items-center gap-2 rounded-lg px-2 py-1.5 hover:bg-surface-muted"
      data-testid={`mcp-server-${name}`}
    >
      <button
        type="button"
        role="checkbox"
        aria-checked={selected}
        onClick={onToggle}
        className="flex min-w-0 flex-1 items-center gap-2 text-left text-sm"
      >
        <span
          className={clsx(
            'flex size-4 shrink-0 items-center justify-center rounded border',
            selected ? 'border-accent bg-accent text-accent-fg' : 'border-border-strong',
          )}
        >
          {selected && <Check className="size-3" aria-hidden />}
        </span>
        {info.iconPath ? <img src={info.iconPath} alt="" className="size-4" /> : null}
        <span className="truncate">{name}</span>
      </button>
      <McpStateBadge
        state={state}
        requiresOAuth={Boolean(status?.requiresOAuth)}
        keyColour={hasVars && state === 'connected' ? (authenticated ? 'green' : 'grey') : null}
      />
      {initializing && flow.canCancel(name) ? (
        <button
          type="button"
          aria-label={t('com_ui_cancel')}
          data-testid={`mcp-cancel-${name}`}
          onClick={() => void flow.cancel(name)}
          className="rounded p-1 text-fg-subtle hover:bg-surface hover:text-fg"
        >
          <X className="size-4" aria-hidden />
        </button>
      ) : (
        <button
          type="button"
          aria-label={t('com_ui_mcp_initialize', { serverName: name })}
          data-testid={`mcp-initialize-${name}`}
          disabled={initializing}
          onClick={() => void flow.initialize(name)}
          className="rounded p-1 text-fg-subtle hover:bg-surface hover:text-fg disabled:opacity-50"
        >
          <RefreshCw className={clsx('size-4', initializing && 'animate-spin')} aria-hidden />
        </button>
      )}
      {hasVars && (
        <>
          <button
            type="button"
            aria-label={t('com_ui_mcp_configure_server', { serverName: name })}
            data-testid={`mcp-configure-${name}`}
            onClick={() => setConfiguring(true)}
            className="rounded p-1 text-fg-subtle hover:bg-surface hover:text-fg"
          >
            <Settings2 className="size-4" aria-hidden />
          </button>
          <McpConfigDialog
            server={name}
            vars={info.customUserVars}
            open={configuring}
            onOpenChange={setConfiguring}
            onSaved={() => void flow.initialize(name)}
          />
        </>
      )}
    </li>
  );
}

/** The state as the list shows it: the icon follows the state; OAuth required has its own. */
function McpStateBadge({
  state,
  requiresOAuth,
  keyColour,
}: {
  state: McpServerStatus['connectionState'];
  requiresOAuth: boolean;
  keyColour: 'green' | 'grey' | null;
}) {
  const { t } = useTranslation();
  const label =
    state === 'connected'
      ? t('com_ui_active')
      : state === 'connecting'
        ? t('com_ui_connecting')
        : state === 'error'
          ? t('com_ui_error')
          : requiresOAuth
            ? t('com_ui_oauth')
            : t('com_ui_offline');
  return (
    <span
      data-testid="mcp-state"
      data-state={state}
      title={label}
      className={clsx(
        'flex shrink-0 items-center gap-1 text-xs',
        state === 'connected' && 'text-success',
        state === 'error' && 'text-danger',
        state !== 'connected' && state !== 'error' && 'text-fg-subtle',
      )}
    >
      {state === 'connecting' ? (
        <Loader2 className="size-3.5 animate-spin" aria-hidden />
      ) : state === 'disconnected' && requiresOAuth ? (
        <KeyRound className="size-3.5" aria-hidden />
      ) : keyColour ? (
        <KeyRound
          className={clsx('size-3.5', keyColour === 'green' ? 'text-success' : 'text-fg-subtle')}
          aria-hidden
        />
      ) : (
        <span
          className={clsx(
            'size-2 rounded-full',
            state === 'connected' ? 'bg-success' : state === 'error' ? 'bg-danger' : 'bg-border-strong',
          )}
        />
      )}
      {label}
    </span>
  );
}
