import { clsx } from 'clsx';
import { Check, Pencil, Pin, PinOff, Wrench } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popover, PopoverHeading } from '../../components/ui/popover';
import { TOOL_GATES, useAvailableTools } from './available-tools';
import { ToolKeysButton } from './tool-keys-button';
import { usePinnedBadges } from './pinned-badges';
import { useSelectedTools } from './tool-selection';
import { useGatedToggle } from './use-gated-toggle';

/**
 * The chat input's tools menu: in an ordinary chat the user turns built-in tools on for this
 * conversation (all off at first), pins a tool so its badge shows in every conversation, and
 * opens the badge editing bar. Agent chats use their agent's tools, so the menu is not shown there.
 */
export function ToolsMenu({ conversationId, enabled }: { conversationId: string; enabled: boolean }) {
  const { t } = useTranslation();
  const available = useAvailableTools(enabled);
  const selected = useSelectedTools(conversationId).filter((tool) => available.includes(tool));
  const { toggle, dialog } = useGatedToggle(conversationId);
  const { pinned, pin, unpin, startEditing } = usePinnedBadges();
  const [open, setOpen] = useState(false);
  if (!enabled || available.length === 0) return null;
  const anyPinned = pinned.some((tool) => available.includes(tool));
  return (
    <>
      <Popover
        open={open}
        onOpenChange={setOpen}
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
          const isPinned = pinned.includes(tool);
          const name = t(`com_ui_tool_${tool}`);
          return (
            <div key={tool} className="flex items-center gap-1">
              <button
                type="button"
                role="menuitemcheckbox"
                aria-checked={on}
                onClick={() => {
                  // The credential dialog takes the place of the menu.
                  if (toggle(tool)) setOpen(false);
                }}
                className="flex flex-1 items-center gap-2 rounded-lg px-2 py-2 text-start text-sm hover:bg-surface-muted"
                data-testid={`tools-menu-${tool}`}
              >
                <Icon className="size-4 text-fg-subtle" aria-hidden />
                <span className="flex-1">{name}</span>
                {on && <Check className="size-4 text-accent" aria-hidden />}
              </button>
              <ToolKeysButton pluginKey={tool} name={name} />
              <button
                type="button"
                aria-pressed={isPinned}
                aria-label={t(isPinned ? 'com_ui_tool_unpin' : 'com_ui_tool_pin', { tool: name })}
                onClick={() => (isPinned ? unpin(tool) : pin(tool))}
                className={clsx(
                  'rounded-lg p-2 hover:bg-surface-muted',
                  isPinned ? 'text-accent' : 'text-fg-subtle hover:text-fg',
                )}
                data-testid={`tools-menu-pin-${tool}`}
              >
                {isPinned ? (
                  <PinOff className="size-4" aria-hidden />
                ) : (
                  <Pin className="size-4" aria-hidden />
                )}
              </button>
            </div>
          );
        })}
        {anyPinned && (
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              startEditing();
            }}
            className="mt-1 flex w-full items-center gap-2 rounded-lg border-t border-border px-2 py-2 text-start text-sm hover:bg-surface-muted"
            data-testid="tools-menu-edit-badges"
          >
            <Pencil className="size-4 text-fg-subtle" aria-hidden />
            {t('com_ui_badges_edit')}
          </button>
        )}
      </Popover>
      {dialog}
    </>
  );
}
