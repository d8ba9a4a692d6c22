import type { EndpointsConfig, ModelsConfig } from '@parley/schema';
import { clsx } from 'clsx';
import { Bot, ChevronRight, Cpu } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orderedEndpoints } from '../endpoints';

/** Popup rows 40 px, at most 160 px tall; closes 150 ms after blur. */
export const POPUP_ROW_PX = 40;
export const POPUP_MAX_PX = 160;
export const POPUP_BLUR_CLOSE_MS = 150;

export interface MentionPopupHandle {
  onKeyDown: (e: React.KeyboardEvent) => boolean;
}

interface Row {
  kind: 'endpoint' | 'model' | 'agent';
  endpoint: string;
  model?: string;
  agentId?: string;
  label: string;
}

/** An agent the popup offers under the agents endpoint. */
export interface MentionAgent {
  id: string;
  name: string;
}

/**
 * The `@` popup: endpoints first; choosing one drills down to its models (the agents
 * endpoint to the agents the user can chat with); choosing a model or an agent switches the
 * conversation. Arrow keys move, Enter or Tab select, Escape closes, and
 * Backspace on an empty search closes (or goes back up from the models).
 */
export function useMentionPopup(options: {
  search: string;
  endpoints: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
  /** The agents under the agents endpoint (absent: agents are not offered here). */
  agents?: MentionAgent[];
  /** The endpoint whose items `agents` are. */
  agentsEndpoint?: string;
  onSelect: (endpoint: string, model: string) => void;
  onSelectAgent?: (agentId: string) => void;
  onClose: () => void;
}) {
  const { search, endpoints, models, agents, agentsEndpoint, onSelect, onSelectAgent, onClose } = options;
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [active, setActive] = useState(0);

  const rows = useMemo<Row[]>(() => {
    const q = search.toLowerCase();
    const agentRows = (e: string): Row[] =>
      (agents ?? []).map((a) => ({ kind: 'agent', endpoint: e, agentId: a.id, label: a.name || a.id }));
    const list: Row[] = endpoint
      ? endpoint === agentsEndpoint && onSelectAgent
        ? agentRows(endpoint)
        : (models?.[endpoint] ?? []).map((m) => ({ kind: 'model', endpoint, model: m, label: m }))
      : orderedEndpoints(endpoints)
          .filter((e) => e !== agentsEndpoint || onSelectAgent)
          .map((e) => ({
            kind: 'endpoint',
            endpoint: e,
            label: endpoints?.[e]?.modelDisplayLabel ?? e,
          }));
    return list.filter((r) => r.label.toLowerCase().includes(q) || r.endpoint.toLowerCase().includes(q));
  }, [endpoint, endpoints, models, agents, agentsEndpoint, onSelectAgent, search]);

  useEffect(() => setActive(0), [rows.length, endpoint]);

  const choose = (row: Row | undefined) => {
    if (!row) return;
    if (row.kind === 'endpoint') {
      setEndpoint(row.endpoint);
      return;
    }
    if (row.kind === 'agent') {
      onSelectAgent?.(row.agentId!);
      return;
    }
    onSelect(row.endpoint, row.model!);
  };

  const onKeyDown = (e: React.KeyboardEvent): boolean => {
    switch (e.key) {
      case 'ArrowDown':
        setActive((i) => (rows.length ? (i + 1) % rows.length : 0));
        return true;
      case 'ArrowUp':
        setActive((i) => (rows.length ? (i - 1 + rows.length) % rows.length : 0));
        return true;
      case 'Enter':
      case 'Tab':
        choose(rows[active]);
        return true;
      case 'Escape':
        onClose();
        return true;
      case 'Backspace':
        if (search === '') {
          if (endpoint) setEndpoint(null);
          else onClose();
          // Let the @ itself be deleted when closing from the top level.
          return endpoint !== null;
        }
        return false;
      default:
        return false;
    }
  };

  const showsAgents = endpoint !== null && endpoint === agentsEndpoint && Boolean(onSelectAgent);
  return { rows, active, setActive, choose, onKeyDown, endpoint, showsAgents };
}

/** `heading` replaces "Select an endpoint" at the top level (the `+` command says what it adds). */
export function MentionPopup({
  state,
  heading,
}: {
  state: ReturnType<typeof useMentionPopup>;
  heading?: string;
}) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    listRef.current?.children[state.active]?.scrollIntoView({ block: 'nearest' });
  }, [state.active]);
  return (
    <div
      className="animate-fade-in absolute inset-x-0 bottom-full z-20 mb-2 overflow-hidden rounded-xl border border-border bg-surface-raised shadow-xl shadow-black/10"
      data-testid="mention-popup"
    >
      <div className="border-b border-border px-3 py-1.5 text-xs text-fg-muted">
        {state.endpoint
          ? t(state.showsAgents ? 'agents.select_agent' : 'com_ui_select_model')
          : (heading ?? t('com_ui_select_endpoint'))}
      </div>
      <ul ref={listRef} role="listbox" className="overflow-y-auto py-1" style={{ maxHeight: POPUP_MAX_PX }}>
        {state.rows.length === 0 && (
          <li className="flex items-center px-3 text-sm text-fg-muted" style={{ height: POPUP_ROW_PX }}>
            {t('com_ui_no_results')}
          </li>
        )}
        {state.rows.map((row, i) => (
          <li
            key={`${row.kind}:${row.endpoint}:${row.model ?? row.agentId ?? ''}`}
            data-testid={row.kind === 'agent' ? `mention-agent-${row.agentId}` : undefined}
            role="option"
            aria-selected={i === state.active}
            onMouseDown={(e) => {
              e.preventDefault();
              state.choose(row);
            }}
            onMouseEnter={() => state.setActive(i)}
            className={clsx(
              'mx-1 flex cursor-pointer items-center gap-2 rounded-lg px-2.5 text-sm',
              i === state.active && 'bg-surface-muted',
            )}
            style={{ height: POPUP_ROW_PX }}
          >
            {row.kind === 'agent' ? (
              <Bot className="size-4 text-fg-subtle" aria-hidden />
            ) : (
              <Cpu className="size-4 text-fg-subtle" aria-hidden />
            )}
            <span className="flex-1 truncate">{row.label}</span>
            {row.kind === 'endpoint' && (
              <ChevronRight className="size-4 text-fg-subtle rtl:-scale-x-100" aria-hidden />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
