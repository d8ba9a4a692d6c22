import { clsx } from 'clsx';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { CategoryIcon } from './category-meta';
import type { PromptCommandState } from './use-prompt-command';

/** Picker rows are 40 px high, the list at most 160 px. */
export const PICKER_ROW_PX = 40;
export const PICKER_MAX_PX = 160;

/** The `/` picker's list, placed above the message box (its parent is `relative`). */
export function PromptCommandPopover({ state }: { state: PromptCommandState }) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.children[state.active]?.scrollIntoView({ block: 'nearest' });
  }, [state.active]);
  if (!state.open) return null;
  return (
    <div
      className="animate-fade-in absolute inset-x-0 bottom-full z-20 mb-2 overflow-hidden rounded-xl border border-border bg-surface-raised shadow-xl shadow-black/10"
      data-testid="prompt-command-popover"
    >
      <div className="border-b border-border px-3 py-1.5 text-xs text-fg-muted">
        {t('prompts.picker_title')}
      </div>
      <ul
        ref={list}
        role="listbox"
        aria-label={t('prompts.picker_title')}
        className="overflow-y-auto py-1"
        style={{ maxHeight: PICKER_MAX_PX }}
      >
        {state.loading && (
          <li className="flex items-center justify-center" style={{ height: PICKER_ROW_PX }}>
            <Spinner className="size-4 text-fg-subtle" />
          </li>
        )}
        {!state.loading && state.rows.length === 0 && (
          <li className="flex items-center px-3 text-sm text-fg-muted" style={{ height: PICKER_ROW_PX }}>
            {t('prompts.picker_empty')}
          </li>
        )}
        {state.rows.map((group, i) => (
          <li
            key={group._id}
            role="option"
            aria-selected={i === state.active}
            data-testid="prompt-command-row"
            onMouseDown={(e) => {
              // Keeps the focus in the message box so its blur does not close the list first.
              e.preventDefault();
              state.choose(group);
            }}
            onMouseEnter={() => state.setActive(i)}
            className={clsx(
              'mx-1 flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 text-sm',
              i === state.active && 'bg-surface-muted',
            )}
            style={{ height: PICKER_ROW_PX }}
          >
            <CategoryIcon category={group.category} className="size-4 shrink-0" />
            <span className="min-w-0 shrink truncate font-medium">{group.name}</span>
            <span className="min-w-0 flex-1 truncate text-xs text-fg-subtle">{group.oneliner}</span>
            {group.command && (
              <span className="shrink-0 font-mono text-xs text-accent">/{group.command}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
