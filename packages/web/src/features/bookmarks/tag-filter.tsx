import type { ConversationTag } from '@parley/schema';
import { clsx } from 'clsx';
import { Bookmark, Check, ChevronDown, Pencil, Plus, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFilterStore } from './filter-store';
import { TagEditDialog } from './tag-edit-dialog';
import { useBookmarksEnabled, useTags } from './tags-api';
import { useTagMutations } from './use-tag-mutations';
import { Popover } from '../../components/ui/popover';

const NONE: string[] = [];

/** The bookmarks the sidebar list is filtered by, or none when bookmarks are off. */
export function useTagFilter(): string[] {
  const enabled = useBookmarksEnabled();
  const selected = useFilterStore((s) => s.selected);
  return enabled && selected.length > 0 ? selected : NONE;
}

const ICON_BTN =
  'flex size-7 shrink-0 items-center justify-center rounded-md text-fg-subtle hover:bg-surface-sunken hover:text-fg';

/**
 * The bookmark filter above the sidebar list (rendered on purpose: the specification keeps its
 * state but shows no control for it). Picks the tags to filter by and manages them: new,
 * rename/describe, delete.
 */
export function TagFilter() {
  const { t } = useTranslation();
  const enabled = useBookmarksEnabled();
  const { data: tags = [] } = useTags(enabled);
  const { selected, toggle, clear } = useFilterStore();
  const { create, update, remove } = useTagMutations();
  const [editing, setEditing] = useState<ConversationTag | 'new' | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  if (!enabled) return null;
  const active = selected.length > 0;

  return (
    <div className="flex items-center gap-1 px-3 pb-1">
      <Popover
        onOpenChange={() => setConfirmDelete(null)}
        align="start"
        sideOffset={4}
        className="w-64 p-1.5"
        testId="tag-filter-content"
        trigger={
          <button
            type="button"
            data-testid="tag-filter"
            className={clsx(
              'flex h-8 min-w-0 flex-1 items-center gap-2 rounded-lg px-2 text-sm outline-none hover:bg-surface-sunken focus-visible:ring-2 focus-visible:ring-ring dark:hover:bg-surface-muted',
              active ? 'text-fg' : 'text-fg-muted',
            )}
          >
            <Bookmark className={clsx('size-4 shrink-0', active && 'text-accent')} aria-hidden />
            <span className="min-w-0 flex-1 truncate text-start">
              {active ? selected.join(', ') : t('com_ui_bookmarks_filter')}
            </span>
            <ChevronDown className="size-4 shrink-0 text-fg-subtle" aria-hidden />
          </button>
        }
      >
        <ul className="max-h-72 overflow-y-auto" aria-label={t('com_ui_bookmarks')}>
          {tags.map((tag) => (
            <li
              key={tag.tag}
              className="group/tag flex items-center gap-0.5 rounded-lg hover:bg-surface-muted"
            >
              {confirmDelete === tag.tag ? (
                <div className="flex flex-1 items-center gap-1 px-2 py-1 text-sm">
                  <span className="min-w-0 flex-1 truncate text-danger">
                    {t('com_ui_bookmarks_delete_confirm', { tag: tag.tag })}
                  </span>
                  <button
                    type="button"
                    className={ICON_BTN}
                    onClick={() => setConfirmDelete(null)}
                    aria-label={t('com_ui_cancel')}
                  >
                    <X className="size-4" aria-hidden />
                  </button>
                  <button
                    type="button"
                    className={clsx(ICON_BTN, 'text-danger hover:text-danger')}
                    onClick={() => void remove(tag.tag).then(() => setConfirmDelete(null))}
                    aria-label={t('com_ui_delete')}
                    data-testid="tag-delete-confirm"
                  >
                    <Check className="size-4" aria-hidden />
                  </button>
                </div>
              ) : (
                <>
                  <button
                    type="button"
                    role="menuitemcheckbox"
                    aria-checked={selected.includes(tag.tag)}
                    onClick={() => toggle(tag.tag)}
                    className="flex min-w-0 flex-1 items-center gap-2 rounded-lg px-2 py-1.5 text-start text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    title={tag.description || tag.tag}
                    data-testid="tag-filter-option"
                  >
                    <span className="flex size-4 shrink-0 items-center justify-center">
                      {selected.includes(tag.tag) && <Check className="size-4 text-accent" aria-hidden />}
                    </span>
                    <span className="min-w-0 flex-1 truncate">{tag.tag}</span>
                    <span className="text-xs text-fg-subtle tabular-nums">{tag.count}</span>
                  </button>
                  <button
                    type="button"
                    className={clsx(
                      ICON_BTN,
                      'md:opacity-0 md:group-hover/tag:opacity-100 md:focus-visible:opacity-100',
                    )}
                    onClick={() => setEditing(tag)}
                    aria-label={t('com_ui_bookmarks_edit_named', { tag: tag.tag })}
                  >
                    <Pencil className="size-3.5" aria-hidden />
                  </button>
                  <button
                    type="button"
                    className={clsx(
                      ICON_BTN,
                      'md:opacity-0 md:group-hover/tag:opacity-100 md:focus-visible:opacity-100',
                    )}
                    onClick={() => setConfirmDelete(tag.tag)}
                    aria-label={t('com_ui_bookmarks_delete_named', { tag: tag.tag })}
                    data-testid="tag-delete"
                  >
                    <Trash2 className="size-3.5" aria-hidden />
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
        <div className="my-1 h-px bg-border" />
        <button
          type="button"
          onClick={() => setEditing('new')}
          className="flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-fg-muted hover:bg-surface-muted hover:text-fg"
        >
          <Plus className="size-4" aria-hidden />
          {t('com_ui_bookmarks_new')}
        </button>
      </Popover>
      {active && (
        <button
          type="button"
          className={ICON_BTN}
          onClick={clear}
          aria-label={t('com_ui_bookmarks_clear_filter')}
          data-testid="tag-filter-clear"
        >
          <X className="size-4" aria-hidden />
        </button>
      )}
      {editing && (
        <TagEditDialog
          initial={editing === 'new' ? undefined : { tag: editing.tag, description: editing.description }}
          onSave={(tag, description) =>
            editing === 'new' ? create(tag, description) : update(editing.tag, { tag, description })
          }
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
