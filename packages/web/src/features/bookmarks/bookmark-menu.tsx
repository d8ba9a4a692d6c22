import type { Conversation } from '@parley/schema';
import { clsx } from 'clsx';
import { Bookmark, Check, Plus } from 'lucide-react';
import { DropdownMenu } from '../../components/ui/deferred-menu';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_CONTENT, MENU_ITEM } from '../../components/ui/menu-styles';
import { toggled } from './filter-store';
import { TagEditDialog } from './tag-edit-dialog';
import { useBookmarksEnabled, useTags } from './tags-api';
import { useTagMutations } from './use-tag-mutations';

/**
 * The chat header's bookmark menu: tick or untick the user's bookmarks on this conversation, or
 * make a new one (it is put on the conversation at once). Behind BOOKMARKS.USE.
 */
export function BookmarkMenu({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  const enabled = useBookmarksEnabled();
  const { data: tags = [] } = useTags(enabled);
  const { setTags, create } = useTagMutations();
  const [creating, setCreating] = useState(false);
  if (!enabled) return null;
  const current = conversation.tags ?? [];
  const tagged = current.length > 0;

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          aria-label={t('com_ui_bookmarks')}
          data-testid="bookmark-menu"
          data-tagged={tagged || undefined}
          className={clsx(
            'flex size-9 items-center justify-center rounded-lg outline-none hover:bg-surface-muted hover:text-fg focus-visible:ring-2 focus-visible:ring-ring',
            tagged ? 'text-accent' : 'text-fg-muted',
          )}
        >
          <Bookmark className={clsx('size-4.5', tagged && 'fill-current/20')} aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className={clsx(MENU_CONTENT, 'max-h-80 w-60 overflow-y-auto')}
            data-testid="bookmark-menu-content"
          >
            <DropdownMenu.Label className="px-2.5 pt-1 pb-1.5 text-xs font-medium text-fg-subtle">
              {t('com_ui_bookmarks')}
            </DropdownMenu.Label>
            {tags.map((tag) => {
              const on = current.includes(tag.tag);
              return (
                <DropdownMenu.CheckboxItem
                  key={tag.tag}
                  checked={on}
                  className={MENU_ITEM}
                  onSelect={(e) => {
                    e.preventDefault();
                    void setTags(conversation.conversationId, toggled(current, tag.tag));
                  }}
                  data-testid="bookmark-option"
                >
                  <span className="flex size-4 items-center justify-center">
                    <DropdownMenu.ItemIndicator>
                      <Check className="size-4 text-accent" aria-hidden />
                    </DropdownMenu.ItemIndicator>
                  </span>
                  <span className="min-w-0 flex-1 truncate">{tag.tag}</span>
                  <span className="text-xs text-fg-subtle tabular-nums">{tag.count}</span>
                </DropdownMenu.CheckboxItem>
              );
            })}
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            <DropdownMenu.Item
              className={MENU_ITEM}
              onSelect={() => setCreating(true)}
              data-testid="bookmark-new"
            >
              <Plus className="size-4 text-fg-muted" aria-hidden />
              {t('com_ui_bookmarks_new')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {creating && (
        <TagEditDialog
          onSave={(tag, description) =>
            create(tag, description, { conversationId: conversation.conversationId, tags: current })
          }
          onClose={() => setCreating(false)}
        />
      )}
    </>
  );
}
