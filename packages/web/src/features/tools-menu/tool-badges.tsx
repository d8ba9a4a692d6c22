import { clsx } from 'clsx';
import { GripVertical, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TOOL_GATES, useAvailableTools } from './available-tools';
import { BadgeEditingBar } from './badge-editing-bar';
import { usePinnedBadges } from './pinned-badges';
import { useSelectedTools, useToolSelection, type ChatTool } from './tool-selection';
import { useBadgeDrag } from './use-badge-drag';
import { useGatedToggle } from './use-gated-toggle';

/**
 * The badges under the chat input: pinned tools first, in the user's order, each a switch for
 * this conversation; then tools turned on from the menu but not pinned, each with × to turn it
 * off. In edit mode the pinned badges can be dragged into another order or removed, and the
 * editing bar saves or cancels the change.
 */
export function ToolBadges({ conversationId, enabled }: { conversationId: string; enabled: boolean }) {
  const available = useAvailableTools(enabled);
  const selected = useSelectedTools(conversationId).filter((tool) => available.includes(tool));
  const { pinned, draft } = usePinnedBadges();
  if (!enabled || available.length === 0) return null;
  if (draft) return <EditingBadges draft={draft.filter((tool) => available.includes(tool))} />;
  const shownPinned = pinned.filter((tool) => available.includes(tool));
  const onlySelected = selected.filter((tool) => !pinned.includes(tool));
  if (shownPinned.length === 0 && onlySelected.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5 px-3 pb-2" data-testid="tool-badges">
      {shownPinned.map((tool) => (
        <PinnedBadge key={tool} tool={tool} conversationId={conversationId} on={selected.includes(tool)} />
      ))}
      {onlySelected.map((tool) => (
        <SelectedBadge key={tool} tool={tool} conversationId={conversationId} />
      ))}
    </div>
  );
}

/** A pinned tool: shown in every conversation, pressed while the tool is on for this one. */
function PinnedBadge({ tool, conversationId, on }: { tool: ChatTool; conversationId: string; on: boolean }) {
  const { t } = useTranslation();
  const { toggle, dialog } = useGatedToggle(conversationId);
  const Icon = TOOL_GATES[tool].icon;
  return (
    <>
      <button
        type="button"
        aria-pressed={on}
        onClick={() => toggle(tool)}
        className={clsx(
          'flex h-8 items-center gap-1 rounded-full border px-2.5 text-xs',
          on
            ? 'border-accent/40 bg-accent/10 text-accent'
            : 'border-border text-fg-subtle hover:bg-surface hover:text-fg',
        )}
        data-testid={`pinned-badge-${tool}`}
      >
        <Icon className="size-3.5" aria-hidden />
        {t(`com_ui_tool_${tool}`)}
      </button>
      {dialog}
    </>
  );
}

/** A tool turned on from the menu without being pinned: its × turns it off. */
function SelectedBadge({ tool, conversationId }: { tool: ChatTool; conversationId: string }) {
  const { t } = useTranslation();
  const toggle = useToolSelection((s) => s.toggle);
  const Icon = TOOL_GATES[tool].icon;
  return (
    <span
      className="flex h-8 items-center gap-1 rounded-full border border-accent/40 bg-accent/10 ps-2.5 pe-1 text-xs text-accent"
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
}

/** The pinned badges in edit mode: draggable, movable with the arrow keys, removable. */
function EditingBadges({ draft }: { draft: ChatTool[] }) {
  const { t } = useTranslation();
  const { placeDraft, stepDraft, removeFromDraft } = usePinnedBadges();
  const drag = useBadgeDrag(draft, placeDraft, stepDraft);
  return (
    <div className="px-3 pb-2">
      <BadgeEditingBar />
      <ul
        className="flex flex-wrap items-center gap-1.5"
        aria-label={t('com_ui_badges_pinned')}
        data-testid="tool-badges-editing"
      >
        {draft.map((tool) => {
          const Icon = TOOL_GATES[tool].icon;
          const name = t(`com_ui_tool_${tool}`);
          return (
            <li
              key={tool}
              {...drag.handlers(tool)}
              tabIndex={0}
              aria-label={t('com_ui_badge_move', { tool: name })}
              className={clsx(
                'flex h-8 touch-none select-none items-center gap-1 rounded-full border border-dashed ps-1.5 pe-1 text-xs',
                'cursor-grab focus:outline-none focus-visible:ring-2 focus-visible:ring-accent',
                drag.held === tool
                  ? 'cursor-grabbing border-accent bg-accent/15 text-accent shadow-md'
                  : 'border-border-strong text-fg',
              )}
              data-testid={`editing-badge-${tool}`}
            >
              <GripVertical className="size-3.5 text-fg-subtle" aria-hidden />
              <Icon className="size-3.5" aria-hidden />
              {name}
              <button
                type="button"
                onPointerDown={(e) => e.stopPropagation()}
                onClick={() => removeFromDraft(tool)}
                aria-label={t('com_ui_badge_remove', { tool: name })}
                className="rounded-full p-0.5 text-fg-subtle hover:bg-surface-muted hover:text-fg"
              >
                <X className="size-3" aria-hidden />
              </button>
            </li>
          );
        })}
        {draft.length === 0 && <li className="text-xs text-fg-subtle">{t('com_ui_badges_none')}</li>}
      </ul>
    </div>
  );
}
