import type { McpServerInfo, McpServerStatus } from '@parley/schema';
import { clsx } from 'clsx';
import { Check, KeyRound, Loader2, RefreshCw, Settings2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMcpAuthValues } from './mcp-api';
import { McpConfigDialog } from './mcp-config-dialog';
import { failureOpensConfig, pickAction } from './mcp-pick';
import type { useMcpInitialize } from './use-mcp-initialize';

/**
 * One MCP server in a list: its name (with a check to use its tools in this conversation, in the
 * chat input's picker), its state, initialize / sign in (cancel while a sign-in is open) and, for a
 * server that asks for values, the credential dialog.
 */
export function McpServerRow(props: {
  name: string;
  info: McpServerInfo;
  status: McpServerStatus | undefined;
  /** The picker's check; the side panel lists servers without one. */
  selection?: { selected: boolean; onSelect: (on: boolean) => void };
  flow: ReturnType<typeof useMcpInitialize>;
}) {
  const { name, info, status, selection, flow } = props;
  const { t } = useTranslation();
  const [configuring, setConfiguring] = useState(false);
  const hasVars = Object.keys(info.customUserVars).length > 0;
  const flags = useMcpAuthValues(name, hasVars);
  const authenticated = hasVars && Object.values(flags.data ?? {}).every(Boolean) && Boolean(flags.data);
  const initializing = flow.isInitializing(name);
  const state = initializing ? 'connecting' : (status?.connectionState ?? 'disconnected');
  // A pick that waits on its initialize: saving the config dialog it opened goes on with it.
  const [picking, setPicking] = useState(false);
  const initializeThenChoose = () => {
    setPicking(true);
    void flow.initialize(name, {
      onConnected: () => {
        setPicking(false);
        selection?.onSelect(true);
      },
      onFailed: () => {
        if (failureOpensConfig(hasVars)) setConfiguring(true);
        else setPicking(false);
      },
    });
  };
  const pick = () => {
    if (!selection || initializing) return;
    const action = pickAction(selection.selected, status?.connectionState ?? 'disconnected');
    if (action === 'initialize') initializeThenChoose();
    else selection.onSelect(action === 'select');
  };
  return (
    <li
      className="flex items-center gap-2 rounded-lg px-2 py-1.5 hover:bg-surface-muted"
      data-testid={`mcp-server-${name}`}
    >
      {selection ? (
        <button
          type="button"
          role="checkbox"
          aria-checked={selection.selected}
          onClick={pick}
          className="flex min-w-0 flex-1 items-center gap-2 text-start text-sm"
        >
          <span
            className={clsx(
              'flex size-4 shrink-0 items-center justify-center rounded border',
              selection.selected ? 'border-accent bg-accent text-accent-fg' : 'border-border-strong',
            )}
          >
            {selection.selected && <Check className="size-3" aria-hidden />}
          </span>
          <ServerName name={name} info={info} />
        </button>
      ) : (
        <span className="flex min-w-0 flex-1 items-center gap-2 text-sm" data-testid="mcp-server-name">
          <ServerName name={name} info={info} />
        </span>
      )}
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
            onOpenChange={(open) => {
              setConfiguring(open);
              // Closed without saving: the pick is given up. (Save calls onSaved after closing,
              // with this render's `picking`, so a saved pick goes on.)
              if (!open) setPicking(false);
            }}
            onSaved={() => (picking ? initializeThenChoose() : void flow.initialize(name))}
          />
        </>
      )}
    </li>
  );
}

function ServerName({ name, info }: { name: string; info: McpServerInfo }) {
  return (
    <>
      {info.iconPath ? <img src={info.iconPath} alt="" className="size-4" /> : null}
      <span className="truncate">{name}</span>
    </>
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
