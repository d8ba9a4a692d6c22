import type { Conversation, ExportFormat } from '@parley/schema';
import { clsx } from 'clsx';
import { Archive, ChevronRight, Copy, Download, Ellipsis, Pencil, Share2, Trash2 } from 'lucide-react';
import i18next from 'i18next';
import { DropdownMenu } from '../../components/ui/deferred-menu';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/startup-queries';
import { exportConversation } from '../import-export';
import { MoveToProjectMenu } from '../projects';
import { showToast } from '../toasts';
import { MENU_CONTENT, MENU_ICON, MENU_ITEM } from '../../components/ui/menu-styles';
import { useRowState } from './row-state';
import { useConversationActions } from './use-conversation-actions';

export const EXPORT_OPTIONS: { format: ExportFormat; label: string }[] = [
  { format: 'json', label: 'com_ui_export_json' },
  { format: 'md', label: 'com_ui_export_markdown' },
  { format: 'txt', label: 'com_ui_export_text' },
];

/** Downloads an export and reports a failure. */
export function useExport() {
  const { t } = useTranslation();
  return (conversation: Conversation, format: ExportFormat) =>
    exportConversation(conversation.conversationId, conversation.title, format).catch(() =>
      showToast(t('com_ui_export_error'), 'error'),
    );
}

/**
 * A row's options: Share (only with sharedLinksEnabled), Rename, Duplicate, Archive
 * (in the menu on purpose, so archiving is reachable), Export and Delete.
 */
export function RowMenu({ conversation, mobile }: { conversation: Conversation; mobile: boolean }) {
  // Rows mount by the dozen while the list scrolls: until the menu opens, a row pays only for
  // its trigger (no translation hook, no actions); the content mounts on open.
  const [open, setOpen] = useState(false);
  // Opened from the keyboard on the row's link (the row's one tab stop; the button is not one).
  const keyOpened = useRowState((s) => s.menuId === conversation.conversationId);
  useEffect(() => {
    if (keyOpened) setOpen(true);
  }, [keyOpened]);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next && useRowState.getState().menuId === conversation.conversationId)
      useRowState.getState().openMenu(null);
  };
  const title = conversation.title || i18next.t('com_ui_untitled');
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger
        aria-label={i18next.t('com_ui_conversation_options', { title })}
        tabIndex={-1}
        data-testid="row-menu"
        className={clsx(
          'me-1 flex size-7 shrink-0 items-center justify-center rounded-md text-fg-subtle outline-none',
          'hover:bg-surface hover:text-fg focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:opacity-100 dark:hover:bg-surface-sunken',
          !mobile && 'opacity-0 group-hover/row:opacity-100 group-has-[[aria-current=page]]/row:opacity-100',
        )}
      >
        <Ellipsis className="size-4" aria-hidden />
      </DropdownMenu.Trigger>
      {open && <RowMenuContent conversation={conversation} />}
    </DropdownMenu.Root>
  );
}

function RowMenuContent({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  const { data: config } = useStartupConfig();
  const { duplicate, archive } = useConversationActions();
  const startRename = useRowState((s) => s.startRename);
  const openDialog = useRowState((s) => s.openDialog);
  const download = useExport();
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        align="start"
        sideOffset={4}
        className={MENU_CONTENT}
        data-testid="row-menu-content"
        onCloseAutoFocus={(event) => {
          // Back to the row's link, its one tab stop (the menu button is reached through it).
          const link = document.querySelector<HTMLElement>(
            `[data-testid="conversation-row"][data-conversation-id="${CSS.escape(conversation.conversationId)}"]`,
          );
          if (!link) return;
          event.preventDefault();
          link.focus();
        }}
      >
        {config?.sharedLinksEnabled && (
          <DropdownMenu.Item
            className={MENU_ITEM}
            onSelect={() => openDialog({ kind: 'share', conversation })}
            data-testid="row-share"
          >
            <Share2 className={MENU_ICON} aria-hidden />
            {t('com_ui_share')}
          </DropdownMenu.Item>
        )}
        <DropdownMenu.Item
          className={MENU_ITEM}
          onSelect={() => startRename(conversation.conversationId)}
          data-testid="row-rename"
        >
          <Pencil className={MENU_ICON} aria-hidden />
          {t('com_ui_rename')}
        </DropdownMenu.Item>
        <DropdownMenu.Item
          className={MENU_ITEM}
          onSelect={() => void duplicate(conversation)}
          data-testid="row-duplicate"
        >
          <Copy className={MENU_ICON} aria-hidden />
          {t('com_ui_duplicate')}
        </DropdownMenu.Item>
        <DropdownMenu.Item
          className={MENU_ITEM}
          onSelect={() => void archive(conversation)}
          data-testid="row-archive"
        >
          <Archive className={MENU_ICON} aria-hidden />
          {t('com_ui_archive')}
        </DropdownMenu.Item>
        <MoveToProjectMenu conversation={conversation} />
        <DropdownMenu.Sub>
          <DropdownMenu.SubTrigger className={MENU_ITEM} data-testid="row-export">
            <Download className={MENU_ICON} aria-hidden />
            <span className="flex-1">{t('com_ui_export')}</span>
            <ChevronRight className="size-4 text-fg-subtle rtl:-scale-x-100" aria-hidden />
          </DropdownMenu.SubTrigger>
          <DropdownMenu.Portal>
            <DropdownMenu.SubContent className={MENU_CONTENT} sideOffset={6}>
              {EXPORT_OPTIONS.map((o) => (
                <DropdownMenu.Item
                  key={o.format}
                  className={MENU_ITEM}
                  onSelect={() => void download(conversation, o.format)}
                  data-testid={`row-export-${o.format}`}
                >
                  {t(o.label)}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.SubContent>
          </DropdownMenu.Portal>
        </DropdownMenu.Sub>
        <DropdownMenu.Separator className="my-1 h-px bg-border" />
        <DropdownMenu.Item
          className={clsx(MENU_ITEM, 'text-danger')}
          onSelect={() => openDialog({ kind: 'delete', conversation })}
          data-testid="row-delete"
        >
          <Trash2 className="size-4" aria-hidden />
          {t('com_ui_delete')}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}
